// What the shop's admin editors need to start (the side bar on the storefront, the builder's panels).
import type { AdminShop } from '../../../islands/admin/AdminBar.tsx';
import type { PhotoDisplay } from '../../../islands/admin/PhotoModal.tsx';
import { PHOTO_DISPLAYS } from '../../lib/shared/constants.ts';
import type { ThemedPage } from '../../themes/page.ts';

type ShopRow = App.Locals['shop'] & object;

export function adminShopOf(shop: ShopRow, themed: ThemedPage): AdminShop {
  return {
    slug: shop.slug, name: shop.name, photo: shop.photo ?? null,
    photo_display: (PHOTO_DISPLAYS as readonly string[]).includes(shop.photo_display) ? shop.photo_display as PhotoDisplay : undefined,
    color1: themed.theme.color1, color2: themed.theme.color2, columns: themed.theme.columns,
    socials: { facebook: shop.facebook, instagram: shop.instagram, twitter: shop.twitter, youtube: shop.youtube, twitch: shop.twitch, kick: shop.kick, discord: shop.discord },
    presets: themed.pack.pack.presets,
  };
}
