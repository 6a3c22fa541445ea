// Shop administration: store. Every call takes the admin context (context.ts).
import type { ShopRow } from '../shops/index.ts';
import { storeThemeInfoSchema } from '../shops/index.ts';
import * as repo from './repo.ts';
import { mediaIdOf, type StorePatch } from './schema.ts';
import { shopImage, dropUnusedImages, themeOf, type AdminCtx } from './context.ts';

const THEME_KEYS = ['color1', 'color2', 'columns', 'signup_form', 'sections_info'] as const;

/** What the admin's store forms edit (the shop row's own fields and its store_theme_info). */
export function adminStoreView(shop: ShopRow) {
  return {
    id: shop.id, slug: shop.slug, name: shop.name, photo: shop.photo, favicon: shop.favicon, photo_display: shop.photo_display,
    seo_description: shop.seo_description, hidden_store_name: shop.hidden_store_name, hidden_search_bar: shop.hidden_search_bar,
    hidden_affinity_xheader: shop.hidden_affinity_xheader, hidden_affiliate_banner: shop.hidden_affiliate_banner,
    hidden_dssupplier_banner: shop.hidden_dssupplier_banner, darkmode: shop.darkmode, hidden_darkmode: shop.hidden_darkmode,
    adornment_type: shop.adornment_type, contact_email: shop.contact_email, contact_phone: shop.contact_phone,
    contact_country_code: shop.contact_country_code, whatsapp_phone: shop.whatsapp_phone, whatsapp_country_code: shop.whatsapp_country_code,
    live_chat_license: shop.live_chat_license, facebook: shop.facebook, instagram: shop.instagram, twitter: shop.twitter,
    youtube: shop.youtube, twitch: shop.twitch, kick: shop.kick, discord: shop.discord, footer_bg: shop.footer_bg,
    footer_fg: shop.footer_fg, footer_style: shop.footer_style, users_support_url: shop.users_support_url,
    theme_pack: shop.theme_pack, time_zone: shop.time_zone, store_theme_info: themeOf(shop),
  };
}
export type AdminStoreView = ReturnType<typeof adminStoreView>;

export async function getStore({ shop }: AdminCtx): Promise<AdminStoreView> {
  return adminStoreView(shop);
}

/**
 * PATCH the store: shop fields and the store_theme_info pair (colours, columns, signup form, sections). The
 * theme info is written through its zod schema; a replaced photo or favicon is deleted when nothing else uses it.
 */
export async function updateStore({ db, shop }: AdminCtx, patch: StorePatch): Promise<AdminStoreView> {
  const photo = patch.photo ? await shopImage(db, shop, patch.photo, 'photo') : null;
  const favicon = patch.favicon ? await shopImage(db, shop, patch.favicon, 'favicon') : null;
  const before = { photo: shop.photo, favicon: shop.favicon };
  const row = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    const { color1: _1, color2: _2, columns: _3, signup_form: _4, sections_info: _5, ...fields } = patch;
    const set: Parameters<typeof repo.updateShop>[2] = { ...fields };
    if (patch.photo !== undefined) set.photo = photo?.url ?? null;
    if (patch.favicon !== undefined) set.favicon = favicon?.url ?? null;
    if (THEME_KEYS.some((k) => patch[k] !== undefined)) {
      const theme = storeThemeInfoSchema.parse(current.store_theme_info);
      const changes = Object.fromEntries(THEME_KEYS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]));
      set.store_theme_info = storeThemeInfoSchema.parse({ ...theme, ...changes });
    }
    return repo.updateShop(tx, shop.id, set);
  });
  const replaced = [before.photo !== row.photo ? before.photo : null, before.favicon !== row.favicon ? before.favicon : null];
  await dropUnusedImages(db, row, replaced.map(mediaIdOf));
  return adminStoreView(row);
}
