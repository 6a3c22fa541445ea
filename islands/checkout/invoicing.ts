// The invoicing data form's rules (seed 001 §2 print preview, §3 purchase order: tax regime, CFDI use): the same
// rules as the API's invoicingInput (src/domain/orders/schema.ts), with the keys of the messages the buyer reads.
import { z } from 'zod';
import { CFDI_USES, TAX_REGIMES } from '../../src/lib/shared/constants.ts';
import { INVOICING_NAME_MAX, RFC_PATTERN } from '../../src/domain/orders/schema.ts';
import type { MessageKey } from '../../src/lib/i18n/index.ts';

/** The locale keys of the messages (the form reads them with its `t`; nameMax takes {{max}}). */
export const INVOICING_MESSAGES = {
  rfc: 'orders.invErrRfc',
  name: 'orders.invErrName',
  nameMax: 'orders.invErrNameMax',
  tax_regime: 'orders.invErrRegime',
  cfdi_use: 'orders.invErrUse',
  postal_code: 'orders.invErrPostal',
  email: 'orders.invErrEmail',
} as const satisfies Record<string, MessageKey>;

export const invoicingFormSchema = z.object({
  rfc: z.string().trim().toUpperCase().regex(RFC_PATTERN, INVOICING_MESSAGES.rfc),
  name: z.string().trim().min(1, INVOICING_MESSAGES.name).max(INVOICING_NAME_MAX, INVOICING_MESSAGES.nameMax),
  tax_regime: z.enum(TAX_REGIMES, { error: INVOICING_MESSAGES.tax_regime }),
  cfdi_use: z.enum(CFDI_USES, { error: INVOICING_MESSAGES.cfdi_use }),
  postal_code: z.string().trim().regex(/^\d{5}$/, INVOICING_MESSAGES.postal_code),
  email: z.union([z.literal(''), z.string().trim().pipe(z.email(INVOICING_MESSAGES.email))]),
});

/** What the form holds (every field a string; the selects start empty). */
export type InvoicingValues = z.input<typeof invoicingFormSchema>;
export type InvoicingFields = keyof InvoicingValues;
export const INVOICING_FIELDS: readonly InvoicingFields[] = ['rfc', 'name', 'tax_regime', 'cfdi_use', 'postal_code', 'email'];

/** The API body: the optional e-mail left out when empty. */
export function invoicingBody(v: z.output<typeof invoicingFormSchema>): Record<string, string> {
  const { email, ...rest } = v;
  return email ? { ...rest, email } : rest;
}

export const toValues = (saved: Record<string, string> | null | undefined): InvoicingValues => ({
  rfc: saved?.rfc ?? '', name: saved?.name ?? '', tax_regime: (saved?.tax_regime ?? '') as InvoicingValues['tax_regime'],
  cfdi_use: (saved?.cfdi_use ?? '') as InvoicingValues['cfdi_use'], postal_code: saved?.postal_code ?? '', email: saved?.email ?? '',
});
