// Shapes of the people API (issue 14): collaborators, invitations, the tour and the advisor. Browser-safe.
import { z } from 'zod';
import { PAGE_SIZE_MAX, SHOP_PERMISSIONS } from '../../lib/shared/constants.ts';
import { emailSchema } from '../accounts/schema.ts';
import { COLLABORATORS_PAGE_SIZE } from './rules.ts';

export const permissionsSchema = z.array(z.enum(SHOP_PERMISSIONS)).min(1, 'validation.required').max(SHOP_PERMISSIONS.length * 2);

export const collaboratorInput = z.object({ email: emailSchema, permissions: permissionsSchema });
export type CollaboratorInput = z.infer<typeof collaboratorInput>;
export const collaboratorPatch = z.object({ permissions: permissionsSchema });

export const collaboratorQuery = z.object({
  /** Part of the name or e-mail. */
  text: z.string().trim().max(100, 'validation.tooLong').optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(COLLABORATORS_PAGE_SIZE),
});
export type CollaboratorQuery = z.infer<typeof collaboratorQuery>;

export const collaboratorSchema = z.object({
  /** The member's user id, or the pending invitation's id. */
  id: z.string(),
  state: z.enum(['active', 'pending']),
  email: z.string(),
  name: z.string().nullable(),
  photo: z.string().nullable(),
  permissions: z.array(z.enum(SHOP_PERMISSIONS)),
  /** Pending invitations: when the mailed link stops working. */
  expires_at: z.string().nullable(),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export const permissionProfileSchema = z.object({ id: z.enum(SHOP_PERMISSIONS), name: z.string(), description: z.string() });

export const tourSchema = z.object({ show_tour: z.boolean(), dismissed: z.boolean() });
export const tourPatch = z.object({
  /** JSON true/false, or 'true'/'false' from a form. */
  show_tour: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]),
});

export const advisorSchema = z.object({
  name: z.string(),
  photo: z.string().nullable(),
  /** (xxx) xxx-xxxx, only when the stored number has exactly 10 digits. */
  phone: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  email: z.string().nullable(),
  message_url: z.string().nullable(),
  support_url: z.string().nullable(),
  online: z.boolean(),
});
export type Advisor = z.infer<typeof advisorSchema>;

// ---------- the advisor thread (issue 26) ----------

/** A message's length limit (also a CHECK of advisor_messages.body) and how many of a thread's latest are shown. */
export const ADVISOR_MESSAGE_MAX = 2000;
export const ADVISOR_THREAD_SHOWN = 100;

/** A new message: 1 to 2000 characters, line breaks kept, no NUL or other control characters. */
export const advisorMessageInput = z.object({
  body: z.string().max(ADVISOR_MESSAGE_MAX * 2, 'validation.tooLong').transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, 'validation.required').max(ADVISOR_MESSAGE_MAX, 'validation.tooLong')
      .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'validation.invalidCharacters')),
});
export type AdvisorMessageInput = z.infer<typeof advisorMessageInput>;

export const advisorMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** Written by the advisor (true) or by one of the shop's admins (false). */
  from_advisor: z.boolean(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type AdvisorMessage = z.infer<typeof advisorMessageSchema>;

export const advisorThreadSchema = z.object({
  shop: z.object({ slug: z.string(), name: z.string() }),
  advisor: z.object({ name: z.string() }),
  /** Which side the viewer is on. */
  side: z.enum(['shop', 'advisor']),
  /** The latest messages (at most 100), oldest first, and how many the thread has. */
  messages: z.array(advisorMessageSchema),
  total: z.number().int(),
});
export type AdvisorThread = z.infer<typeof advisorThreadSchema>;

export const advisorThreadsSchema = z.object({
  results: z.array(z.object({
    shop: z.object({ slug: z.string(), name: z.string() }),
    last: z.object({ body: z.string(), from_advisor: z.boolean(), created_at: z.string() }),
    messages: z.number().int(),
  })),
});
export type AdvisorThreads = z.infer<typeof advisorThreadsSchema>;
