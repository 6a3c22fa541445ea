// The checkout islands' texts as the page hands them over (src/components/checkout/texts.ts), in Spanish and English.
import { checkoutTexts } from '../../src/components/checkout/texts.ts';
import { getT } from '../../src/lib/i18n/index.ts';
import { makeT } from '../../islands/checkout/i18n.ts';

export const ES = checkoutTexts(getT('es'));
export const EN = checkoutTexts(getT('en'));
export const t = makeT(ES);
