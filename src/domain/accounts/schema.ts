// Account shapes shared by the server, pages and islands (zod only).
import { z } from 'zod';
import { PIN_DIGITS } from '../../lib/shared/constants.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('validation.invalidEmail'));
export const passwordSchema = z.string().min(10, 'validation.tooShort').max(200, 'validation.tooLong');

export const signupInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1, 'validation.required').max(120),
});
export type SignupInput = z.infer<typeof signupInput>;

export const loginInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const pinRequestInput = z.object({ email: emailSchema });
export const pinVerifyInput = z.object({
  email: emailSchema,
  pin: z.string().regex(new RegExp(`^\\d{${PIN_DIGITS}}$`), 'validation.pinDigits'),
});

export const userLevelSchema = z.enum(['ul0', 'ul1', 'ul2', 'ul3']).nullable();

export const meOutput = z.object({
  authenticated: z.boolean(),
  anonymous_id: z.string(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    profile_id: z.string(),
    user_level: userLevelSchema,
  }).nullable(),
  /** Shops this user owns or holds permissions on. */
  shops: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), permissions: z.array(z.string()), is_owner: z.boolean() })),
  /** When the request is on a shop: the viewer's standing there. */
  shop: z.object({
    slug: z.string(),
    is_admin: z.boolean(),
    permissions: z.array(z.string()),
    visitor_role: z.enum(['franchise', 'affinity', 'affiliate']),
  }).nullable(),
});
export type MeOutput = z.infer<typeof meOutput>;

export const sessionOutput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), user_level: userLevelSchema }),
});
