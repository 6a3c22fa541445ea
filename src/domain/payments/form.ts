// Paying from the posted payment form (progressive enhancement): the card form is a real POST to its page, so a
// shopper who submits before the island runs (slow phone, Enter) or without script pays through the same calls the
// island makes over JSON: tokenise the card, then pay the checkout or the order. The card number and CVC live only
// in this request; they are tokenised and never echoed, logged or put in an address.
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../lib/server/http.ts';
import { PAYMENT_METHODS } from '../../lib/shared/constants.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { NEW_CARD, PAY_FIELDS as F } from '../../lib/shared/pay-form.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { methodInfo } from './methods.ts';
import { providerHere, tokenisesInBrowser } from './availability.ts';
import { tokenizeInput, type PayResult } from './schema.ts';
import { payCheckout, payOrder, tokenizeCard } from './service.ts';

const text = (max: number) => z.string().max(max).optional();

const payForm = z.object({
  [F.method]: z.enum(PAYMENT_METHODS),
  [F.token]: z.string().min(8).max(100),
  [F.choice]: z.union([z.literal(NEW_CARD), z.uuid()]).optional(),
  [F.name]: text(120), [F.number]: text(40), [F.exp]: text(10), [F.cvc]: text(8),
  [F.msi]: z.enum(['', '3', '6', '9', '12']).optional(),
  [F.save]: text(10),
});

export type PayTarget = { checkoutId: string } | { orderId: string };

/**
 * Pays `target` with the posted form. `paths.self` is the page the form was on: 3-D Secure and approval pages come
 * back to it (as they do for the island). Throws AppError for what the shopper must fix.
 */
export async function payFromForm(db: Db, viewer: Viewer, target: PayTarget, form: FormData, paths: { basePath: string; self: string; locale?: string }): Promise<PayResult> {
  const fields = Object.fromEntries([...form.entries()].filter(([k, v]) => typeof v === 'string' && k !== F.action));
  const parsed = payForm.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error, 'The payment form is not valid');
  const f = parsed.data;
  let card_token: string | undefined;
  let card_id: string | undefined;
  const info = methodInfo(f[F.method]);
  if (info?.flow === 'card' && tokenisesInBrowser(providerHere(info))) {
    // Stripe's and Conekta's card fields are their own frames and need their scripts: a posted form never carries a card we may take.
    throw new AppError('validation_error', 'This card payment needs JavaScript (the provider\'s secure card field)', { textKey: 'payment.stripeNeedsScript', fields: { payment_method: ['validation.cardRequired'] } });
  }
  if (info?.flow === 'card') {
    if (f[F.choice] && f[F.choice] !== NEW_CARD) card_id = f[F.choice];
    else {
      const card = tokenizeInput.safeParse({ name: f[F.name] ?? '', number: f[F.number] ?? '', cvc: f[F.cvc] ?? '', exp: f[F.exp] ?? '' });
      if (!card.success) throw new AppError('card_invalid', 'The card details are not valid', { fields: validationError(card.error).fields, issues: card.error.issues });
      card_token = (await tokenizeCard(db, viewer, card.data)).id;
    }
  }
  const input = {
    payment_type: f[F.method], token: f[F.token], card_token, card_id,
    msi_payments: f[F.msi] ? Number(f[F.msi]) : undefined, save_card: f[F.save] === 'on',
    return_path: paths.self, cancel_path: `${paths.self}?payment=canceled`,
  };
  const where = { basePath: paths.basePath, locale: paths.locale };
  return 'checkoutId' in target ? payCheckout(db, viewer, target.checkoutId, input, where) : payOrder(db, viewer, target.orderId, input, where);
}
