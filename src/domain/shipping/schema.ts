// Shipment tracking shapes (browser-safe): a courier's webhook event and the tracking an order shows.
import { z } from 'zod';
import { SHIPMENT_EVENT_STATUSES } from '../../lib/shared/constants.ts';

export const courierParams = z.object({ courier: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'validation.invalidId') });

export const courierEvent = z.object({
  /** The courier's own id of this event: a repeat of it is recorded once. */
  event_id: z.string().trim().min(1).max(200),
  tracking_number: z.string().trim().min(1).max(100),
  status: z.enum(SHIPMENT_EVENT_STATUSES),
  occurred_at: z.iso.datetime({ offset: true }),
  location: z.string().trim().max(200).nullish(),
});
export type CourierEvent = z.output<typeof courierEvent>;

export const trackingView = z.object({
  order_id: z.string(),
  tracking_number: z.string().nullable(),
  courier: z.string(),
  /** The carrier's public tracking page (built from a known carrier's template, URL-safe), or null. */
  tracking_url: z.string().nullable(),
  /** The demo's courier: it advances by itself, and the page may offer to move it on. */
  sandbox: z.boolean(),
  events: z.array(z.object({ status: z.enum(SHIPMENT_EVENT_STATUSES), location: z.string().nullable(), occurred_at: z.string() })),
});
export type TrackingView = z.infer<typeof trackingView>;

export const courierEventAnswer = z.object({ recorded: z.boolean(), order_id: z.string() });
