// The promoted network's shapes (zod only, browser-safe): the promoted tree (seed 001 §2, §3 'Promoted user'), the
// referred people (seed 000 §3, §7) and follows. The API, the pages and the follow island share them.
import { z } from 'zod';
import { isoDateSchema } from '../../lib/shared/dates.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../lib/shared/constants.ts';

export const PROMOTED_PAGE_SIZE = PAGE_SIZE_DEFAULT;
export const REFERRED_PAGE_SIZE = PAGE_SIZE_DEFAULT;
/** How deep 'all' descends (a guard: the tree cannot have cycles, but a walk must end whatever the data). */
export const PROMOTED_MAX_DEPTH = 50;
export const REFERRAL_TAGS_MAX = 10;
export const REFERRAL_TAG_MAX_LENGTH = 40;

const offset = z.coerce.number({ error: 'validation.wholeNumber' }).int('validation.wholeNumber').min(0, 'validation.atLeast').max(100_000, 'validation.atMost').default(0);
const limit = (size: number) => z.coerce.number({ error: 'validation.wholeNumber' }).int('validation.wholeNumber').min(1, 'validation.atLeast').max(PAGE_SIZE_MAX, 'validation.atMost').default(size);
/** 'true'/'false' (and 1/0) as query strings say them. */
const flag = z.enum(['true', 'false', '1', '0'], { error: 'validation.invalidOption' }).transform((v) => v === 'true' || v === '1');

export const profileParams = z.object({ profileId: z.string().max(100) });

/** GET /api/me/promoted: a parent (default: the viewer) and its first-level children or every descendant. */
export const promotedQuery = z.object({
  parent: z.uuid('validation.invalidId').optional(),
  children: z.enum(['first', 'all'], { error: 'validation.invalidOption' }).default('first'),
  offset,
  limit: limit(PROMOTED_PAGE_SIZE),
});
export type PromotedQuery = z.infer<typeof promotedQuery>;

/** Seed 001 §3 'Promoted user': id, name, image, updated_at, state_follow (plus where it sits in the tree). */
export const promotedUser = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The later of the profile's creation and the day it joined the network (profiles keep no other change date). */
  updated_at: z.string(),
  /** Whether the viewer follows this person. */
  state_follow: z.boolean(),
  /** Who brought them in, and how far below the opened parent they are (1 = a direct child). */
  parent_id: z.string(),
  depth: z.number().int(),
  /** How many people they brought in themselves (0: the row opens an empty list). */
  children_count: z.number().int(),
});
export type PromotedUser = z.infer<typeof promotedUser>;

export const promotedNode = z.object({ id: z.string(), name: z.string(), image: z.string().nullable(), slug: z.string() });

export const promotedList = z.object({
  results: z.array(promotedUser),
  matches_estimated: z.number().int(),
  /** The person whose children these are (the viewer unless `parent` was given); slug is their referral code. */
  parent: promotedNode,
});
export type PromotedList = z.infer<typeof promotedList>;

/** A comma-separated list of tags (any of them matches). */
const tagList = z.string().max(REFERRAL_TAGS_MAX * (REFERRAL_TAG_MAX_LENGTH + 2), 'validation.tooLong')
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean))])
  .pipe(z.array(z.string().max(REFERRAL_TAG_MAX_LENGTH, 'validation.tooLong')).max(REFERRAL_TAGS_MAX, 'validation.tooMany'));

/** GET /api/me/referred (seed 000 §7): the people the viewer brought in, newest first. */
export const referredQuery = z.object({
  offset,
  limit: limit(REFERRED_PAGE_SIZE),
  campaign: z.string().trim().max(100, 'validation.tooLong').optional(),
  tags: tagList.optional(),
  text: z.string().trim().max(100, 'validation.tooLong').optional(),
  start_date: isoDateSchema.optional(),
  end_date: isoDateSchema.optional(),
  /** Only people who bought through a checkout carrying the viewer's referral. */
  customer_by_campaign: flag.default(false),
  /** Only people who signed up with a campaign. */
  registered_by_campaign: flag.default(false),
  sort: z.literal('-created_at', { error: 'validation.invalidOption' }).default('-created_at'),
}).refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, { path: ['end_date'], message: 'validation.invalidDate' });
export type ReferredQuery = z.infer<typeof referredQuery>;

/** Seed 000 §3 'Promoted or referred person': id, following, name, image; plus how they came. */
export const referredPerson = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  following: z.boolean(),
  campaign: z.string().nullable(),
  click_id: z.string().nullable(),
  tags: z.array(z.string()),
  /** When they signed up (joined the network). */
  created_at: z.string(),
  /** Whether they bought through a checkout carrying the viewer's referral. */
  customer: z.boolean(),
  /** The shop they signed up from, when known. */
  shop: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type ReferredPerson = z.infer<typeof referredPerson>;

export const referredList = z.object({ results: z.array(referredPerson), matches_estimated: z.number().int() });

export const followState = z.object({ id: z.string(), following: z.boolean() });
export type FollowState = z.infer<typeof followState>;
