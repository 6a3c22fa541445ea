// Shop administration shapes (issue 4): store fields, headers, slides, banners, catalogues, uploads and the
// builder's theme documents. Imports only zod and shared modules (browser-safe): the admin islands validate
// their forms with the same schemas the API applies.
import { z } from 'zod';
import {
  ADORNMENT_TYPES, BANNER_TARGETS, BUTTON_LABELS, CATALOGUE_NAME_MAX, FOOTER_STYLES,
  HEADER_ACTION_TYPES, HEADER_DESCRIPTION_MAX, HEADER_SUBTITLE_MAX, HEADER_TITLE_MAX, INVALID_SHOP_CAROUSEL_LINK,
  PAGE_SIZE_MAX, PHOTO_DISPLAYS, SECTION_KINDS, SEO_DESCRIPTION_MAX, SHOP_NAME_MAX,
  THEME_BLOCKS_MAX, THEME_SECTIONS_MAX,
} from '../../lib/shared/constants.ts';
import { httpUrlSchema, normaliseLink, SHOP_LINK_MESSAGE } from '../../lib/shared/safe-url.ts';
import { SLIDE_BUTTON_MAX, SLIDE_SUBTITLE_MAX, SLIDE_TEXT_DEFAULTS, SLIDE_TEXT_PLACES, SLIDE_TITLE_MAX } from '../../lib/shared/slide-text.ts';
import { socialFieldSchema } from '../../lib/shared/social-links.ts';
import { canonicalTimeZone } from '../../lib/shared/intl.ts';
import { pageTypeSchema, type PageType } from '../../themes/schema.ts';
import { BUTTON_STYLES, COLOR_SCHEMES, FONT_IDS, RADIUS_MAX, RADIUS_MIN } from '../../themes/theme-settings.ts';
import { parseColor } from './color.ts';

export { parseColor };

// ---------- field helpers ----------

export const REQUIRED = 'validation.required';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = z.string().regex(UUID, 'validation.invalidId').transform((s) => s.toLowerCase());

/** An uploaded image's address, /media/{id}.{ext}, as POST .../admin/uploads answers it. */
export const MEDIA_URL = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|jpeg|png|svg|webp|gif)$/;
export const mediaUrlSchema = z.string().regex(MEDIA_URL, 'validation.uploadedImage');
/** The media id of a /media address, or null. */
export function mediaIdOf(url: string | null | undefined): string | null {
  return url ? (MEDIA_URL.exec(url)?.[1] ?? null) : null;
}

/** Free text: trimmed; empty (or null) becomes null (seed 000 §5: "sent as null when empty"). */
const optionalText = (max: number) => z.union([z.string(), z.null()])
  .transform((v) => (v ?? '').trim() || null)
  .pipe(z.string().max(max, 'validation.tooLong').nullable());

const emptyToNull = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), inner.nullable());

/** Colour text (hex, rgb(), hsl(), hsv()) normalised to #rrggbb. */
export const colorTextSchema = z.string().max(64).transform((v, ctx) => {
  const hex = parseColor(v);
  if (!hex) { ctx.addIssue({ code: 'custom', message: 'validation.colour' }); return z.NEVER; }
  return hex;
});

// ---------- store (PATCH /api/shops/{slug}/admin/store) ----------

const phoneSchema = z.string().trim().max(30).transform((v, ctx) => {
  if (!/^[+\d\s().-]*$/.test(v)) { ctx.addIssue({ code: 'custom', message: 'validation.digitsOnly' }); return z.NEVER; }
  const digits = v.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) { ctx.addIssue({ code: 'custom', message: 'validation.phoneLength' }); return z.NEVER; }
  return digits;
});
const countryCodeSchema = z.string().trim().regex(/^\+?\d{1,4}$/, 'validation.countryCode').transform((v) => v.replace('+', ''));

export const storePatchSchema = z.strictObject({
  name: z.string().trim().min(1, REQUIRED).max(SHOP_NAME_MAX, 'validation.tooLong'),
  photo: mediaUrlSchema.nullable(),
  favicon: mediaUrlSchema.nullable(),
  color1: colorTextSchema,
  color2: colorTextSchema,
  columns: z.union([z.literal(1), z.literal(2)]),
  signup_form: z.enum(['complete', 'basic']),
  sections_info: z.array(z.enum(SECTION_KINDS)).max(SECTION_KINDS.length).refine((a) => new Set(a).size === a.length, 'validation.noRepeats'),
  // Social links (seed 000 §5): discord must be a valid URL; the rest free text, stored as the profile address a
  // handle names (src/lib/shared/social-links.ts); empty -> null.
  facebook: socialFieldSchema('facebook'),
  instagram: socialFieldSchema('instagram'),
  twitter: socialFieldSchema('twitter'),
  youtube: socialFieldSchema('youtube'),
  twitch: socialFieldSchema('twitch'),
  kick: socialFieldSchema('kick'),
  discord: socialFieldSchema('discord'),
  // Flags.
  hidden_store_name: z.boolean(),
  hidden_search_bar: z.boolean(),
  hidden_affinity_xheader: z.boolean(),
  hidden_affiliate_banner: z.boolean(),
  hidden_dssupplier_banner: z.boolean(),
  darkmode: z.boolean(),
  hidden_darkmode: z.boolean(),
  photo_display: z.enum(PHOTO_DISPLAYS),
  adornment_type: emptyToNull(z.enum(ADORNMENT_TYPES)),
  // Contact and chat.
  contact_email: emptyToNull(z.string().trim().max(254).pipe(z.email('a valid e-mail address'))),
  contact_phone: emptyToNull(phoneSchema),
  contact_country_code: emptyToNull(countryCodeSchema),
  whatsapp_phone: emptyToNull(phoneSchema),
  whatsapp_country_code: emptyToNull(countryCodeSchema),
  /** Parsed as an integer (seed 000 §9); numeric text is accepted. */
  live_chat_license: emptyToNull(z.coerce.number().int('a whole number').min(1).max(2_147_483_647)),
  // SEO and footer.
  seo_description: optionalText(SEO_DESCRIPTION_MAX),
  footer_bg: emptyToNull(colorTextSchema),
  footer_fg: emptyToNull(colorTextSchema),
  footer_style: emptyToNull(z.enum(FOOTER_STYLES)),
  users_support_url: emptyToNull(httpUrlSchema),
  /** Where the shop's dates are shown: an IANA zone ('America/Argentina/Buenos_Aires'), stored in its listed spelling. */
  time_zone: z.string().trim().max(64).transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!zone) ctx.addIssue({ code: 'custom', message: 'validation.timeZone' });
    return zone ?? z.NEVER;
  }),
}).partial().refine((v) => Object.keys(v).length > 0, { message: 'validation.sendOneField' });
export type StorePatch = z.output<typeof storePatchSchema>;

// ---------- headers (seed 000 §3, §5) ----------

const headerFields = z.strictObject({
  title: z.string().trim().min(1, REQUIRED).max(HEADER_TITLE_MAX, 'validation.tooLong'),
  subtitle: optionalText(HEADER_SUBTITLE_MAX),
  description: optionalText(HEADER_DESCRIPTION_MAX),
  action_type: z.enum(HEADER_ACTION_TYPES),
  url: optionalText(2000),
  button_label: emptyToNull(z.enum(BUTTON_LABELS)),
  /** A product id the shop offers; the server fills product_name and product_supplier. */
  product: emptyToNull(uuidSchema),
  target: z.enum(BANNER_TARGETS),
  /** Make this the shop's active header (store_theme_info.header_info). */
  apply: z.boolean(),
});

/** Header rules: url required (and safe) for action url; button label required unless none; product for product. */
function headerRules(v: { action_type?: string; url?: string | null; button_label?: string | null; product?: string | null }, ctx: z.RefinementCtx) {
  if (v.action_type === 'url') {
    if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: REQUIRED });
    else if (!normaliseLink(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: SHOP_LINK_MESSAGE });
  }
  if (v.action_type && v.action_type !== 'none' && !v.button_label) ctx.addIssue({ code: 'custom', path: ['button_label'], message: REQUIRED });
  if (v.action_type === 'product' && !v.product) ctx.addIssue({ code: 'custom', path: ['product'], message: REQUIRED });
}

export const headerInputSchema = headerFields.extend({
  subtitle: headerFields.shape.subtitle.optional().default(null),
  description: headerFields.shape.description.optional().default(null),
  action_type: headerFields.shape.action_type.default('none'),
  url: headerFields.shape.url.optional().default(null),
  button_label: headerFields.shape.button_label.optional().default(null),
  product: headerFields.shape.product.optional().default(null),
  target: headerFields.shape.target.default('all'),
  apply: headerFields.shape.apply.optional(),
}).superRefine(headerRules);
export type HeaderInput = z.output<typeof headerInputSchema>;
/** PATCH: any fields; the server merges them with the stored header and applies headerInputSchema's rules. */
export const headerPatchSchema = headerFields.partial();

export const headerSchema = z.object({
  id: z.string(), title: z.string(), subtitle: z.string().nullable(), description: z.string().nullable(),
  action_type: z.enum(HEADER_ACTION_TYPES), url: z.string().nullable(), button_label: z.enum(BUTTON_LABELS).nullable(),
  product: z.string().nullable(), product_name: z.string().nullable(), product_supplier: z.string().nullable(),
  target: z.enum(BANNER_TARGETS), active: z.boolean(), created_at: z.string(), updated_at: z.string(),
});
export type AdminHeader = z.infer<typeof headerSchema>;

// ---------- slides (store_theme_info.slider_info) ----------

const slideFields = z.strictObject({
  /** Desktop image (3200 x 982; 1100 x 982 in two columns). */
  hzt_image: mediaUrlSchema,
  /** Mobile image (1000 x 450). */
  vrt_image: mediaUrlSchema,
  type: z.enum(['PRODUCT', 'URL']),
  product: emptyToNull(uuidSchema),
  url: optionalText(2000),
  url_target: z.enum(['_self', '_blank']),
  target: z.enum(BANNER_TARGETS),
  action_type: z.enum(['url', 'none']),
  /** Zero-based place in the carousel (default: last). */
  position: z.number().int().min(0).max(1000),
  /** Optional words over or below the picture (issue 15); the button needs a label and a link (carousel link rule). */
  title: optionalText(SLIDE_TITLE_MAX),
  subtitle: optionalText(SLIDE_SUBTITLE_MAX),
  button_label: optionalText(SLIDE_BUTTON_MAX),
  button_url: optionalText(2000),
  text_desktop: z.enum(SLIDE_TEXT_PLACES),
  text_phone: z.enum(SLIDE_TEXT_PLACES),
});

// The links pass the shared link check here; the two-column pattern (seed 000 §5: 'it is not checked in the other
// mode') depends on the shop's columns and is applied where the shop is known (slides-admin.ts, normaliseSlideLink).
// A URL slide with action_type 'none' is a slide without a link: its url is not asked for.
function slideRules(v: { type?: string; product?: string | null; url?: string | null; action_type?: string; button_label?: string | null; button_url?: string | null }, ctx: z.RefinementCtx) {
  if (v.button_label && !v.button_url) ctx.addIssue({ code: 'custom', path: ['button_url'], message: REQUIRED });
  if (v.button_url && !normaliseLink(v.button_url)) ctx.addIssue({ code: 'custom', path: ['button_url'], message: INVALID_SHOP_CAROUSEL_LINK });
  if (v.type === 'PRODUCT' && !v.product) ctx.addIssue({ code: 'custom', path: ['product'], message: REQUIRED });
  if (v.type === 'URL' && v.action_type !== 'none') {
    if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: REQUIRED });
    else if (!normaliseLink(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: INVALID_SHOP_CAROUSEL_LINK });
  }
}

export const slideInputSchema = slideFields.extend({
  type: slideFields.shape.type.default('URL'),
  product: slideFields.shape.product.optional().default(null),
  url: slideFields.shape.url.optional().default(null),
  url_target: slideFields.shape.url_target.default('_self'),
  target: slideFields.shape.target.default('all'),
  action_type: slideFields.shape.action_type.default('url'),
  position: slideFields.shape.position.optional(),
  title: slideFields.shape.title.optional().default(null),
  subtitle: slideFields.shape.subtitle.optional().default(null),
  button_label: slideFields.shape.button_label.optional().default(null),
  button_url: slideFields.shape.button_url.optional().default(null),
  text_desktop: slideFields.shape.text_desktop.default(SLIDE_TEXT_DEFAULTS.desktop),
  text_phone: slideFields.shape.text_phone.default(SLIDE_TEXT_DEFAULTS.phone),
}).superRefine(slideRules);
export type SlideInput = z.output<typeof slideInputSchema>;
export const slidePatchSchema = slideFields.partial();
export const slideOrderSchema = z.strictObject({ ids: z.array(z.string().max(64)).max(100) });

export const adminSlideSchema = z.object({
  id: z.string(), hzt_image: z.string().nullable(), vrt_image: z.string().nullable(), hzt_image_id: z.string().nullable(),
  vrt_image_id: z.string().nullable(), type: z.enum(['PRODUCT', 'URL']), product: z.string().nullable(), product_name: z.string().nullable(),
  supplier: z.string().nullable(), url: z.string().nullable(), url_target: z.enum(['_self', '_blank']), target: z.enum(BANNER_TARGETS),
  action_type: z.enum(['url', 'none']), position: z.number().int(),
  title: z.string().nullable(), subtitle: z.string().nullable(), button_label: z.string().nullable(), button_url: z.string().nullable(),
  text_desktop: z.enum(SLIDE_TEXT_PLACES), text_phone: z.enum(SLIDE_TEXT_PLACES),
});

// ---------- banners ----------

export const BANNER_ACTION_TYPES = ['none', 'product', 'url', 'signup'] as const;
const bannerFields = z.strictObject({
  hzt_image: mediaUrlSchema,
  /** Mobile image; the desktop one is used when absent. */
  vrt_image: mediaUrlSchema.nullable(),
  action_type: z.enum(BANNER_ACTION_TYPES),
  url: optionalText(2000),
  url_target: z.enum(['_self', '_blank']),
  product: emptyToNull(uuidSchema),
  target: z.enum(BANNER_TARGETS),
  position: z.number().int().min(0).max(1000),
});
function bannerRules(v: { action_type?: string; url?: string | null; product?: string | null }, ctx: z.RefinementCtx) {
  if (v.action_type === 'url') {
    if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: REQUIRED });
    else if (!normaliseLink(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: SHOP_LINK_MESSAGE });
  }
  if (v.action_type === 'product' && !v.product) ctx.addIssue({ code: 'custom', path: ['product'], message: REQUIRED });
}
export const bannerInputSchema = bannerFields.extend({
  vrt_image: bannerFields.shape.vrt_image.optional().default(null),
  action_type: bannerFields.shape.action_type.default('none'),
  url: bannerFields.shape.url.optional().default(null),
  url_target: bannerFields.shape.url_target.default('_self'),
  product: bannerFields.shape.product.optional().default(null),
  target: bannerFields.shape.target.default('all'),
  position: bannerFields.shape.position.optional(),
}).superRefine(bannerRules);
export type BannerInput = z.output<typeof bannerInputSchema>;
export const bannerPatchSchema = bannerFields.partial();

export const bannerSchema = z.object({
  id: z.string(), hzt_image: z.string().nullable(), vrt_image: z.string().nullable(), hzt_image_id: z.string().nullable(),
  vrt_image_id: z.string().nullable(), action_type: z.enum(BANNER_ACTION_TYPES), url: z.string().nullable(),
  url_target: z.enum(['_self', '_blank']), product: z.string().nullable(), product_name: z.string().nullable(),
  product_supplier: z.string().nullable(), target: z.enum(BANNER_TARGETS), position: z.number().int(),
  created_at: z.string(), updated_at: z.string(),
});
export type AdminBanner = z.infer<typeof bannerSchema>;

// ---------- catalogues (seed 001 §5: name required, at most 150) ----------

const catalogueName = z.string().trim().min(1, REQUIRED).max(CATALOGUE_NAME_MAX, 'validation.tooLong');
export const catalogueCreateSchema = z.strictObject({ name: catalogueName, photo: emptyToNull(mediaUrlSchema).optional().default(null) });
export const cataloguePatchSchema = z.strictObject({ name: catalogueName, photo: emptyToNull(mediaUrlSchema) }).partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'validation.sendNameOrPhoto' });
export const catalogueProductAddSchema = z.strictObject({
  product_id: uuidSchema,
  /** Zero-based place (default: last). */
  queue_position: z.number().int().min(0).max(10_000_000).optional(),
});
export const catalogueMoveSchema = z.strictObject({ product_id: uuidSchema, queue_position: z.number().int().min(0).max(10_000_000) });

// ---------- lists ----------

export const adminPageQuery = (defaultLimit: number) => z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(defaultLimit),
});

// ---------- uploads ----------

export const uploadResultSchema = z.object({
  id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), content_type: z.string(),
  byte_size: z.number().int(), sanitized: z.boolean(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

// ---------- theme documents (the builder) ----------

const themeId = z.string().regex(/^[a-z][a-z0-9_-]{0,47}$/, 'validation.themeId');
const settingValue = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);
const settingValues = z.record(z.string().max(64), settingValue).refine((o) => Object.keys(o).length <= 100, 'validation.maxSettings');

export const themeBlockSchema = z.object({ id: themeId, type: themeId, settings: settingValues.default({}) });
export const themeSectionSchema = z.object({
  id: themeId,
  type: themeId,
  disabled: z.boolean().default(false),
  settings: settingValues.default({}),
  blocks: z.array(themeBlockSchema).max(THEME_BLOCKS_MAX).default([]),
});
export const themeTemplateSchema = z.object({ sections: z.array(themeSectionSchema).max(THEME_SECTIONS_MAX) });

/**
 * Theme-wide settings (the builder's 'Theme settings' panel, src/themes/theme-settings.ts): overrides of the pack's
 * tokens, each optional. Colours go through the shared colour text (hex, rgb(), hsl() -> #rrggbb); radii are whole
 * pixels in a range; fonts come from the allowed list of system stacks.
 */
const radiusSchema = z.number().int().min(RADIUS_MIN).max(RADIUS_MAX);
export const themeTokensSchema = z.strictObject({
  scheme: z.enum(COLOR_SCHEMES),
  accent: colorTextSchema,
  background: colorTextSchema,
  text: colorTextSchema,
  font_body: z.enum(FONT_IDS),
  font_heading: z.enum(FONT_IDS),
  radius_card: radiusSchema,
  radius_button: radiusSchema,
  radius_image: radiusSchema,
  button_style: z.enum(BUTTON_STYLES),
}).partial();
export type ThemeTokens = z.output<typeof themeTokensSchema>;

/**
 * What the shop saved for the builder: the pack, the pack's own settings, the theme-wide settings (`tokens`), and
 * per page type the ordered section instances ({id, type, disabled, settings, blocks}). A page type left out uses
 * the pack's template.
 */
export const themeDocumentSchema = z.object({
  pack: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'validation.themePack'),
  settings: settingValues.default({}),
  tokens: themeTokensSchema.default({}),
  templates: z.partialRecord(pageTypeSchema, themeTemplateSchema).default({}),
});
export type ThemeDocument = z.output<typeof themeDocumentSchema>;
export type ThemeTemplate = z.output<typeof themeTemplateSchema>;

export const themeDraftPutSchema = themeDocumentSchema.extend({
  /** The draft_version this edit started from; a newer draft on the server answers 409. */
  version: z.number().int().min(1).optional(),
}).strict();
export const themePublishSchema = z.strictObject({ version: z.number().int().min(1).optional() });

export interface ThemeIssue { path: string; message: string }
export const themeIssueSchema = z.object({ path: z.string(), message: z.string() });
export const previewQuerySchema = z.object({ page: pageTypeSchema.default('home'), source: z.enum(['draft', 'published']).default('draft') });
export type { PageType };
