// The fields a buyer types at checkout (contact, delivery address, attendees), apart from the rest of the checkout's
// shapes: the checkout island checks them with these same schemas, and ships only this file, not every view schema.
import { z } from 'zod';

/** Phone reduced to the national number (seed 001 §5): digits only, a leading 52 country code dropped. */
export function nationalPhone(raw: string): string {
  let d = raw.replace(/\D+/g, '');
  if (d.length === 12 && d.startsWith('52')) d = d.slice(2);
  if (d.length === 13 && d.startsWith('521')) d = d.slice(3);
  return d;
}

const phone = z.string().trim().max(30).transform(nationalPhone).pipe(z.string().regex(/^\d{10}$/, 'validation.phone10'));
const opt = z.string().trim().max(200).nullish().transform((v) => v || null);

export const addressInput = z.object({
  address_name: z.string().trim().min(1, 'validation.required').max(120),
  address_phone: phone,
  street_address: z.string().trim().min(1, 'validation.required').max(300),
  route: opt,
  street_number: opt,
  country: z.string().trim().length(2).toUpperCase().default('MX'),
  administrative_area_level_1: opt,
  administrative_area_level_2: opt,
  administrative_area_level_3: opt,
  administrative_area_level_4: opt,
  administrative_area_level_5: opt,
  locality: opt,
  sublocality: opt,
  postal_code: z.string().trim().regex(/^\d{5}$/, 'validation.postalCode'),
  formatted_address: z.string().trim().max(500).optional(),
});

export const attendeeInput = z.object({
  product_id: z.uuid(), full_name: z.string().trim().min(1).max(150), phone, email: z.email().nullish(),
});

export const contactInput = z.object({ name: z.string().trim().min(1).max(120), email: z.email(), phone });
