// Experience ticket shapes (zod only, browser-safe): what the buyer's pages and the API answer, the attendee update,
// the scanner's input and verdict.
import { z } from 'zod';
import { PAGE_SIZE_MAX, TICKETS_PAGE_SIZE, TICKET_SCAN_RESULTS, TICKET_STATES } from '../../lib/shared/constants.ts';
import { attendeeInput } from '../checkout/schema.ts';

export const ticketParams = z.object({ id: z.uuid() });
export const attendantParams = z.object({ id: z.uuid(), attendantId: z.uuid() });

export const ticketListQuery = z.object({
  /** Only tickets of orders placed in this shop. */
  shop: z.string().max(63).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(TICKETS_PAGE_SIZE),
});
export const attendantListQuery = ticketListQuery.omit({ shop: true });

/** The buyer changes who attends (before the ticket is used): the same rules as the checkout's attendee capture. */
export const holderInput = attendeeInput.pick({ full_name: true, phone: true });
export type HolderInput = z.infer<typeof holderInput>;

export const ticketView = z.object({
  id: z.string(),
  number: z.number(),
  /** The code its QR carries (only ever shown to the buyer). */
  code: z.string(),
  /** valid: can be used; used; canceled (the order was canceled or refunded); ended: the experience is over. */
  state: z.enum(TICKET_STATES),
  used_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  issued_at: z.string(),
  holder: z.object({ full_name: z.string(), phone: z.string() }),
  /** The ticket type: the experience line's variant ("Horario: Mañana"), or null. */
  type: z.string().nullable(),
  experience: z.object({ product_id: z.string(), name: z.string(), date: z.string().nullable(), photo: z.string().nullable() }),
  order: z.object({ id: z.string(), reference: z.string() }),
  /** The shop the ticket is valid in (its own domain, when it has one). */
  shop: z.object({ slug: z.string(), name: z.string(), canonical_url: z.string().nullable() }),
  /** Whether the buyer may still change the attendee. */
  can_edit: z.boolean(),
});
export type TicketView = z.infer<typeof ticketView>;

export const ticketList = z.object({ results: z.array(ticketView), matches_estimated: z.number() });

export const scanInput = z.object({
  /** The code as typed, or what the camera read (the QR carries the scanner address with ?codigo=...). */
  code: z.string().trim().min(1, 'validation.ticketCode').max(2000),
});

/** A scan's verdict. Only 'valid' marks the ticket used (exactly once, whoever scans first). */
export const scanResult = z.object({
  result: z.enum(TICKET_SCAN_RESULTS),
  message: z.string(),
  ticket: z.object({
    number: z.number(),
    holder_name: z.string(),
    type: z.string().nullable(),
    experience: z.string(),
    date: z.string().nullable(),
    used_at: z.string().nullable(),
  }).nullable(),
});
export type ScanResult = z.infer<typeof scanResult>;
