// Campaign and channel admin (issue 14; seed 001 §3 Campaign and Channel, §7 Marketing admin, §9 page size 10):
// queries, inputs and answers of /api/shops/{slug}/admin/campaigns and its channels. Browser-safe (zod only).
import { z } from 'zod';
import { isoDateSchema } from '../../lib/shared/dates.ts';
import { CAMPAIGN_NAME_MAX, CAMPAIGN_STATE_VALUES, campaignUrlSchema } from './schema.ts';

/** Campaigns and channels a page (seed 001 §9) and the largest page an API client may ask for. */
export const CAMPAIGN_PAGE_SIZE = 10;
export const CAMPAIGN_PAGE_MAX = 50;
export const CHANNEL_STATE_VALUES = CAMPAIGN_STATE_VALUES;
export const CHANNEL_NAME_MAX = 100;
/** Money and counts fit PostgreSQL's integer. */
const INT_MAX = 2_147_483_647;

const blankAsAbsent = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner.optional());
const page = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_MAX).default(CAMPAIGN_PAGE_SIZE),
};
/** Days in the shop's time zone, both ends included; an end before the start is refused. */
const dates = {
  start_date: blankAsAbsent(isoDateSchema),
  end_date: blankAsAbsent(isoDateSchema),
};
const datesInOrder = (q: { start_date?: string; end_date?: string }) => !q.start_date || !q.end_date || q.start_date <= q.end_date;

export const CAMPAIGN_SORTS = ['-created_at', 'created_at', 'name', '-name'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const campaignQuerySchema = z.object({
  sort: blankAsAbsent(z.enum(CAMPAIGN_SORTS)).transform((v) => v ?? '-created_at'),
  /** Words of the name or the address (case-insensitive). */
  text: blankAsAbsent(z.string().trim().max(200, 'validation.tooLong')),
  ...dates,
  ...page,
}).refine(datesInOrder, { message: 'campaigns.dateOrder', path: ['end_date'] });
export type CampaignQuery = z.output<typeof campaignQuerySchema>;

export const channelQuerySchema = z.object({
  name: blankAsAbsent(z.string().trim().max(CHANNEL_NAME_MAX, 'validation.tooLong')),
  source_code: blankAsAbsent(z.string().trim().max(50, 'validation.tooLong')),
  ...dates,
  ...page,
}).refine(datesInOrder, { message: 'campaigns.dateOrder', path: ['end_date'] });
export type ChannelQuery = z.output<typeof channelQuerySchema>;

const nameSchema = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const campaignInputSchema = z.strictObject({
  name: nameSchema(CAMPAIGN_NAME_MAX),
  url: campaignUrlSchema,
  state: z.enum(CAMPAIGN_STATE_VALUES).default('active'),
});
export type CampaignInput = z.output<typeof campaignInputSchema>;
export const campaignPatchSchema = z.strictObject({
  name: nameSchema(CAMPAIGN_NAME_MAX).optional(),
  url: campaignUrlSchema.optional(),
  state: z.enum(CAMPAIGN_STATE_VALUES).optional(),
});
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

/** Whole minor units, never negative (budget 150000 = $1,500.00). */
const amount = z.coerce.number().int('validation.wholeNumber').min(0).max(INT_MAX);

const channelFields = {
  name: nameSchema(CHANNEL_NAME_MAX),
  state: z.enum(CHANNEL_STATE_VALUES).default('active'),
  /** The channel's code (facebook, mail-oct): letters, digits, '.', '_' and '-'. */
  source_code: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(50, 'validation.tooLong')
    .regex(/^[\w.-]+$/, 'campaigns.sourceCode').nullable().default(null)),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'campaigns.currency').transform((s) => s.toUpperCase()).default('MXN'),
  budget: amount.default(0),
  /** What the channel has cost so far, as the admin records it (the platform never sees the ad network's bill). */
  spent: amount.default(0),
  impressions: amount.default(0),
};
export const channelInputSchema = z.strictObject(channelFields);
export type ChannelInput = z.output<typeof channelInputSchema>;
/** PATCH: only what is sent changes (zod 4 fills defaults inside .partial(), so each field is optional without one). */
export const channelPatchSchema = z.strictObject({
  name: channelFields.name.optional(),
  state: z.enum(CHANNEL_STATE_VALUES).optional(),
  source_code: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(50, 'validation.tooLong').regex(/^[\w.-]+$/, 'campaigns.sourceCode').nullable().optional()),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'campaigns.currency').transform((s) => s.toUpperCase()).optional(),
  budget: amount.optional(),
  spent: amount.optional(),
  impressions: amount.optional(),
});
export type ChannelPatch = z.output<typeof channelPatchSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  state: z.enum(CAMPAIGN_STATE_VALUES),
  created_at: z.string(),
  /** The tracked link (the address plus referral, campaign and a fresh click_id). */
  encoded_mkt_url: z.string(),
  /** Browsers that opened the tracked link (once per click id and browser). */
  visits: z.number().int(),
  /** People who signed up carrying the campaign's cookie. */
  signups: z.number().int(),
  /** Orders placed in this shop whose checkout carried the campaign (canceled ones left out). */
  orders: z.number().int(),
  channels: z.number().int(),
});
export type CampaignView = z.infer<typeof campaignSchema>;

export const channelSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  state: z.enum(CHANNEL_STATE_VALUES),
  source_code: z.string().nullable(),
  currency: z.string(),
  budget: z.number().int(),
  spent: z.number().int(),
  impressions: z.number().int(),
  created_at: z.string(),
});
export type ChannelView = z.infer<typeof channelSchema>;
