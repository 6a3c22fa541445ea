// Shop shapes shared by the server and islands. Imports only zod and shared constants.
import { z } from 'zod';
import {
  BANNER_TARGETS, BUTTON_LABELS, HEADER_ACTION_TYPES, PHOTO_DISPLAYS, SECTION_KINDS, STORE_TYPES,
} from '../../lib/shared/constants.ts';
import { SLIDE_BUTTON_MAX, SLIDE_SUBTITLE_MAX, SLIDE_TEXT_DEFAULTS, SLIDE_TEXT_PLACES, SLIDE_TITLE_MAX } from '../../lib/shared/slide-text.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.colour');

export const slideSchema = z.object({
  id: z.string().optional(),
  hzt_image: z.string().nullable().default(null),
  vrt_image: z.string().nullable().default(null),
  hzt_image_id: z.string().nullable().default(null),
  vrt_image_id: z.string().nullable().default(null),
  type: z.enum(['PRODUCT', 'URL']).default('URL'),
  product: z.string().nullable().default(null),
  supplier: z.string().nullable().default(null),
  url: z.string().nullable().default(null),
  url_target: z.enum(['_self', '_blank']).default('_self'),
  target: z.enum(BANNER_TARGETS).default('all'),
  action_type: z.enum(['url', 'none']).default('none'),
  // Optional words shown as HTML with the picture (issue 15); older slides have none.
  title: z.string().max(SLIDE_TITLE_MAX).nullable().default(null),
  subtitle: z.string().max(SLIDE_SUBTITLE_MAX).nullable().default(null),
  button_label: z.string().max(SLIDE_BUTTON_MAX).nullable().default(null),
  button_url: z.string().max(2000).nullable().default(null),
  text_desktop: z.enum(SLIDE_TEXT_PLACES).default(SLIDE_TEXT_DEFAULTS.desktop),
  text_phone: z.enum(SLIDE_TEXT_PLACES).default(SLIDE_TEXT_DEFAULTS.phone),
});
export type Slide = z.infer<typeof slideSchema>;

export const headerInfoSchema = z.object({
  title: z.string().max(30),
  subtitle: z.string().max(40).nullable().default(null),
  description: z.string().max(130).nullable().default(null),
  action_type: z.enum(HEADER_ACTION_TYPES).default('none'),
  url: z.string().nullable().default(null),
  product: z.string().nullable().default(null),
  product_supplier: z.string().nullable().default(null),
  button_label: z.enum(BUTTON_LABELS).nullable().default(null),
  target: z.enum(BANNER_TARGETS).default('all'),
});
export type HeaderInfo = z.infer<typeof headerInfoSchema>;

/** store_theme_info: stored as jsonb and checked by this schema on every write. */
export const storeThemeInfoSchema = z.object({
  color1: hexColor.default('#1f6feb'),
  color2: hexColor.default('#0a3d91'),
  columns: z.union([z.literal(1), z.literal(2)]).default(2),
  signup_form: z.enum(['complete', 'basic']).default('basic'),
  slider_info: z.array(slideSchema).default([]),
  header_info: headerInfoSchema.nullable().default(null),
  sections_info: z.array(z.enum(SECTION_KINDS)).default(['products', 'services', 'experiences']),
});
export type StoreThemeInfo = z.infer<typeof storeThemeInfoSchema>;

export const photoDisplaySchema = z.enum(PHOTO_DISPLAYS);
export const storeTypeSchema = z.enum(STORE_TYPES);

/** The public shop answer of GET /api/shops/{slug}. */
export const publicShopSchema = z.object({
  id: z.string(),
  owner: z.string().nullable(),
  slug: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  photo_display: photoDisplaySchema,
  favicon: z.string().nullable(),
  seo_description: z.string().nullable(),
  canonical_url: z.string().nullable(),
  store_type: storeTypeSchema,
  is_proxy: z.boolean(),
  disabled: z.boolean(),
  theme_pack: z.string(),
  /** IANA zone the shop's dates are shown in. */
  time_zone: z.string(),
  hidden_store_name: z.boolean(),
  hidden_search_bar: z.boolean(),
  hidden_affinity_xheader: z.boolean(),
  hidden_darkmode: z.boolean(),
  darkmode: z.boolean(),
  hidden_affiliate_banner: z.boolean(),
  hidden_dssupplier_banner: z.boolean(),
  affiliate_landing: z.string().nullable(),
  dssupplier_landing: z.string().nullable(),
  adornment_type: z.string().nullable(),
  signup_plan: z.string().nullable(),
  fb_pixel: z.string().nullable(),
  live_chat_license: z.number().int().nullable(),
  whatsapp_phone: z.string().nullable(),
  whatsapp_country_code: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_country_code: z.string().nullable(),
  about_entry_id: z.string().nullable(),
  footer_bg: z.string().nullable(),
  footer_fg: z.string().nullable(),
  footer_style: z.string().nullable(),
  users_support_url: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  youtube: z.string().nullable(),
  twitch: z.string().nullable(),
  kick: z.string().nullable(),
  discord: z.string().nullable(),
  store_theme_info: storeThemeInfoSchema,
  root_affinity_store_info: z.object({
    id: z.string(), slug: z.string(), name: z.string(), owner: z.string().nullable(), photo: z.string().nullable(),
    about_entry_id: z.string().nullable(), canonical_url: z.string().nullable(),
    color1: z.string(), color2: z.string(), users_support_url: z.string().nullable(),
  }).nullable(),
  permissions: z.array(z.string()),
  user_info: z.object({ user_level: z.string().nullable() }),
  visitor_role: z.enum(STORE_TYPES),
  referral: z.string().nullable(),
  campaign: z.string().nullable(),
  click_id: z.string().nullable(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

export const shopQuerySchema = z.object({
  gclid: z.string().max(200).optional(),
  fbclid: z.string().max(200).optional(),
  click_id: z.string().max(200).optional(),
  referral: z.string().max(200).optional(),
  campaign: z.string().max(200).optional(),
  referral_slug: z.string().max(200).optional(),
});
