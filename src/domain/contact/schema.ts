// The contact form's shapes (seed 000 §2 contact modal): browser-safe (zod only).
import { z } from 'zod';
import { emailSchema } from '../accounts/schema.ts';

/** The modal's two modes: questions about the shop or the account, and questions about a product or service. */
export const CONTACT_MODES = ['shop', 'item'] as const;
export type ContactMode = (typeof CONTACT_MODES)[number];

export const CONTACT_NAME_MAX = 120;
export const CONTACT_PHONE_MAX = 30;
export const CONTACT_SUBJECT_MAX = 120;
export const CONTACT_MESSAGE_MAX = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const contactInput = z.object({
  mode: z.enum(CONTACT_MODES).default('shop'),
  name: z.string().trim().min(1, 'validation.required').max(CONTACT_NAME_MAX, 'validation.tooLong'),
  email: emailSchema,
  phone: z.preprocess(blankToUndefined, z.string().trim().max(CONTACT_PHONE_MAX, 'validation.tooLong').regex(/^\+?[\d\s().-]{6,}$/, 'validation.phoneLength').optional()),
  /** Item mode: the product or service asked about (preselected from its page), or its name as typed. */
  item_id: z.preprocess(blankToUndefined, z.string().regex(UUID, 'validation.invalidId').optional()),
  subject: z.preprocess(blankToUndefined, z.string().trim().max(CONTACT_SUBJECT_MAX, 'validation.tooLong').optional()),
  message: z.string().trim().min(1, 'validation.required').max(CONTACT_MESSAGE_MAX, 'validation.tooLong'),
}).superRefine((v, ctx) => {
  // A product or service question names what it is about: the item from its page, or its name as typed.
  if (v.mode === 'item' && !v.item_id && !v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'validation.required' });
});
export type ContactInput = z.output<typeof contactInput>;

export const contactAnswer = z.object({ sent: z.literal(true) });
