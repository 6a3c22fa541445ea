// The checkout's typed fields checked in the browser with the endpoint's own zod schemas (PATCH /api/checkout/{id},
// src/domain/checkout/fields-schema.ts), so the island never accepts what the server refuses, nor the reverse (it had its
// own e-mail and phone rules). Each issue is worded with the checkout's texts, at the field's path.
import type { z } from 'zod';
import { addressInput, attendeeInput, contactInput } from '../../src/domain/checkout/fields-schema.ts';
import type { T } from './i18n.ts';

// The attendee's typed fields: the product id comes from the server, not the buyer.
const attendeeFields = attendeeInput.omit({ product_id: true });

/** One issue as the buyer reads it: the field's own rule where it has one, else required or too long. */
function wording(issue: z.core.$ZodIssue, t: T): string {
  const field = String(issue.path[issue.path.length - 1] ?? '');
  if (issue.code === 'too_big') return t('checkout.fieldTooLong', { max: Number(issue.maximum) });
  if (issue.code === 'too_small' || (issue.code === 'invalid_type' && issue.input === undefined)) return t('checkout.fieldRequired');
  if (field.endsWith('phone')) return t('checkout.phoneInvalid');
  if (field === 'email') return t('checkout.emailInvalid');
  if (field === 'postal_code') return t('checkout.postalInvalid');
  return t('checkout.fieldRequired');
}

function collect(out: Record<string, string>, prefix: string, result: z.ZodSafeParseResult<unknown>, t: T) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const key = [prefix, ...issue.path].join('.');
    out[key] ??= wording(issue, t);
  }
}

export interface TypedFields {
  contact: { name: string; email: string; phone: string };
  /** A new delivery address, when the buyer is typing one. */
  address?: Record<string, unknown> | null;
  attendees: { product_id: string; full_name: string; phone: string }[];
}

/** Field errors keyed as the API's `fields` are (`contact.email`, `address.postal_code`, `attendees.0.phone`). */
export function checkoutFieldErrors(fields: TypedFields, t: T): Record<string, string> {
  const errors: Record<string, string> = {};
  collect(errors, 'contact', contactInput.safeParse(fields.contact), t);
  if (fields.address) collect(errors, 'address', addressInput.safeParse(fields.address), t);
  fields.attendees.forEach((a, i) => collect(errors, `attendees.${i}`, attendeeFields.safeParse(a), t));
  return errors;
}
