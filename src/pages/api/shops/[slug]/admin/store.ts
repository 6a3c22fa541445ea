import { z } from 'zod';
import { storePatchSchema } from '../../../../../domain/admin/schema.ts';
import { getStore, updateStore } from '../../../../../domain/admin/service.ts';
import { storeThemeInfoSchema } from '../../../../../domain/shops/schema.ts';
import { defineEndpoint } from '../../../../../lib/server/endpoint.ts';
import { ADMIN_ERRORS, adminHandle, slugParams } from './_shared.ts';

const text = z.string().nullable();
const storeSchema = z.object({
  id: z.string(), slug: z.string(), name: z.string(), photo: text, favicon: text, photo_display: z.string(), seo_description: text,
  hidden_store_name: z.boolean(), hidden_search_bar: z.boolean(), hidden_affinity_xheader: z.boolean(), hidden_affiliate_banner: z.boolean(),
  hidden_dssupplier_banner: z.boolean(), darkmode: z.boolean(), hidden_darkmode: z.boolean(), adornment_type: text,
  contact_email: text, contact_phone: text, contact_country_code: text, whatsapp_phone: text, whatsapp_country_code: text,
  live_chat_license: z.number().int().nullable(), facebook: text, instagram: text, twitter: text, youtube: text, twitch: text, kick: text,
  discord: text, footer_bg: text, footer_fg: text, footer_style: text, users_support_url: text, theme_pack: z.string(), time_zone: z.string(),
  store_theme_info: storeThemeInfoSchema,
});

export const specs = [
  defineEndpoint({
    method: 'GET', path: '/api/shops/{slug}/admin/store', summary: 'The store fields the admin edits (shop admins)', tags: ['admin'], auth: 'user',
    params: slugParams, response: storeSchema, errors: ADMIN_ERRORS,
  }),
  defineEndpoint({
    method: 'PATCH', path: '/api/shops/{slug}/admin/store',
    summary: 'Update the store: name, photo, colours (hex, rgb(), hsl(), hsv() -> hex), columns, social links (empty -> null; discord a URL), flags, contact, WhatsApp, live chat licence, SEO, favicon, footer, time zone (IANA name; dates are shown in it) (shop admins)',
    tags: ['admin'], auth: 'user', params: slugParams, body: storePatchSchema, response: storeSchema, errors: ADMIN_ERRORS,
  }),
] as const;

export const GET = adminHandle(specs[0], async ({ a }) => getStore(a));
export const PATCH = adminHandle(specs[1], async ({ body, a }) => updateStore(a, body));
