// The plan landings' one action (POST to the landing itself, no script): a registered person (ul0) becomes an
// entrepreneur (ul1) and goes on to open a free store; signed out, they sign in first and come back.
import type { AstroGlobal } from 'astro';
import { formatPercent } from '../../lib/shared/intl.ts';
import { becomeEntrepreneur } from '../../domain/store-opening/service.ts';

export const OPEN_STORE_PATH = '/asistentes/emprendedores';
export const PACKAGES_PATH = '/apps/paquetes';

export async function landingPost(astro: AstroGlobal, here: string): Promise<Response | null> {
  astro.response.headers.set('cache-control', 'private, no-store');
  if (astro.request.method !== 'POST') return null;
  await astro.request.body?.cancel().catch(() => {});
  if (astro.locals.viewer.kind !== 'user') return astro.redirect(`/login?next=${encodeURIComponent(here)}`, 303);
  await becomeEntrepreneur(astro.locals.db, astro.locals.viewer);
  return astro.redirect(OPEN_STORE_PATH, 303);
}

/** A commission rate ('0.5') as a percentage in the reader's language ('50 %', '50%'). */
export function ratePercent(rate: string, locale: string): string {
  return formatPercent(rate, locale);
}
