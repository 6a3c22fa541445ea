// The checkout island checks typed fields with the endpoint's own schemas (islands/checkout/fields.ts): what the
// island lets through is what PATCH /api/checkout/{id} accepts, worded in the buyer's language.
import { describe, expect, it } from 'vitest';
import { checkoutFieldErrors } from '../../islands/checkout/fields.ts';
import { patchInput } from '../../src/domain/checkout/schema.ts';
import { makeT } from '../../islands/checkout/i18n.ts';
import { checkoutTexts } from '../../src/components/checkout/texts.ts';
import { getT } from '../../src/lib/i18n/index.ts';

const en = makeT(checkoutTexts(getT('en')));
const es = makeT(checkoutTexts(getT('es')));
const PRODUCT = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const contact = { name: 'Lucía Hernández', email: 'lucia@example.com', phone: '55 1234 5678' };
const address = { address_name: 'Lucía', address_phone: '5512345678', street_address: 'Av. Reforma 1', street_number: '', locality: '', administrative_area_level_1: '', postal_code: '06600', save: true };

describe('checkout field errors', () => {
  it('accept what the endpoint accepts, including a phone with the 521 prefix the island used to refuse', () => {
    const fields = { contact: { ...contact, phone: '+52 1 55 1234 5678' }, address, attendees: [{ product_id: PRODUCT, full_name: 'Ana', phone: '5598765432' }] };
    expect(checkoutFieldErrors(fields, en)).toEqual({});
    expect(patchInput.safeParse({ contact: fields.contact, address, attendees: fields.attendees }).success).toBe(true);
  });

  it('refuse what the endpoint refuses, at the API field path, in the reader\'s language', () => {
    const errors = checkoutFieldErrors({
      contact: { name: '', email: 'lucia@', phone: '123' },
      address: { ...address, postal_code: '123' },
      attendees: [{ product_id: PRODUCT, full_name: 'x'.repeat(151), phone: '5598765432' }],
    }, en);
    expect(errors).toEqual({
      'contact.name': 'Fill in this field',
      'contact.email': 'Enter a valid e-mail address',
      'contact.phone': 'Enter a 10-digit phone number',
      'address.postal_code': 'Postal code: 5 digits',
      'attendees.0.full_name': 'At most 150 characters',
    });
    expect(checkoutFieldErrors({ contact: { ...contact, email: 'no' }, attendees: [] }, es)).toEqual({ 'contact.email': 'Escribe un correo válido' });
  });

  it('leave the address alone when none is being typed', () => {
    expect(checkoutFieldErrors({ contact, address: null, attendees: [] }, en)).toEqual({});
  });
});
