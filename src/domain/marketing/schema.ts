// Marketing campaigns (issue 13; seed 001 §3, §5, §7): the share widget's input and answer, and the attribution an
// order shows. Browser-safe (zod and src/lib/shared only).
import { z } from 'zod';
import { linkSchema } from '../../lib/shared/safe-url.ts';

/** Campaign name limit (seed 001 §5, §9: 'campaign auto name max 100'): longer names are cut on automatic creation. */
export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_STATE_VALUES = ['active', 'paused', 'archived'] as const;
export type CampaignState = (typeof CAMPAIGN_STATE_VALUES)[number];

/** The page shared: an http(s) address or a same-site path ('/catalogos/verano'). */
export const campaignUrlSchema = linkSchema({ paths: true }, 'validation.invalidUrl');

/** POST /api/shops/{slug}/share: the page's title and address (seed 001 §7 'Marketing link creation'). */
export const shareInput = z.object({
  url: campaignUrlSchema,
  /** Bounded on input; cut to CAMPAIGN_NAME_MAX when the campaign is made. */
  name: z.string().max(1000, 'validation.tooLong').optional(),
});
export type ShareInput = z.infer<typeof shareInput>;

export const shareAnswer = z.object({
  campaign_id: z.string(),
  name: z.string(),
  state: z.enum(CAMPAIGN_STATE_VALUES),
  /** The shared address plus referral (the sharer's profile slug), campaign and a fresh click_id. */
  encoded_mkt_url: z.string(),
});
export type ShareAnswer = z.infer<typeof shareAnswer>;

/** What brought an order (from the checkout's tracking cookies): the campaign when it is the shop's own. */
export const attributionSchema = z.object({
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  /** The referral profile slug the buyer carried. */
  referral: z.string().nullable(),
  /** The referral's display name, when that profile exists. */
  referral_name: z.string().nullable(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** A campaign's automatic name: trimmed, white space collapsed, cut to CAMPAIGN_NAME_MAX characters (code points). */
export function campaignName(raw: string | undefined, fallback: string): string {
  const clean = (s: string) => s.replace(/\s+/gu, ' ').trim();
  const name = clean(raw ?? '') || clean(fallback) || '—';
  return [...name].slice(0, CAMPAIGN_NAME_MAX).join('').trim();
}
