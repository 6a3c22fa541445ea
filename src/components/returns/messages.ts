// The visitor's-language text for a failed return action (the API answers in English; the order pages speak the
// visitor's language): refusals by their reason, validation problems by the field at fault, photo checks by their
// text key (the spec's Spanish wording in es, its translation elsewhere).
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';
import { AppError } from '../../lib/shared/errors.ts';
import { errorText, fieldText } from '../../lib/i18n/validation.ts';
import { formatMoney } from '../../lib/shared/money.ts';
import { ReturnRefused } from '../../domain/returns/service.ts';

const FIELD_TEXT: [RegExp, string][] = [
  [/^items/, 'returns.invalid_items'],
  [/^reason_group/, 'returns.invalid_reason_group'],
  [/^reason/, 'returns.invalid_reason'],
  [/^conditions_accepted/, 'returns.invalid_conditions'],
  [/^comments/, 'returns.invalid_comments'],
  [/^amount/, 'returns.invalid_amount'],
  [/^text/, 'returns.invalid_note'],
];

export function returnErrorText(t: Translator, err: unknown, currency = 'MXN', available?: number): string {
  if (err instanceof ReturnRefused) {
    if (err.reason === 'canceled') return t('customer.cancelledNoReturn');
    if (err.reason === 'expired') return t('customer.returnExpired');
    if (err.reason === 'refund_failed') return t('customer.refundFailed');
    return t(`returns.refusal_${err.reason}` as MessageKey);
  }
  if (err instanceof AppError) {
    if (err.code === 'payload_too_large' || err.code === 'unsupported_media_type') return errorText(err, t);
    if (err.code === 'validation_error' && err.fields) {
      const keys = Object.keys(err.fields);
      // An amount the money module could not read: its own reason ("at most 2 decimals", "no minus sign").
      const typed = err.fields.amount?.find((m) => /^validation\.money[A-Z]/.test(m));
      if (typed) return fieldText(typed, t, err.fieldVars?.amount);
      if (keys.includes('amount') && available !== undefined && err.message.includes('amount available')) {
        return t('returns.refundTooMuch', { amount: formatMoney(available, currency, t.locale) });
      }
      const texts = [...new Set(keys.map((k) => FIELD_TEXT.find(([re]) => re.test(k))?.[1]).filter((x): x is string => !!x))];
      if (texts.length) return texts.map((k) => t(k as MessageKey)).join(' ');
    }
    return t.error(err.code, err.message);
  }
  throw err;
}
