// Everything a storefront page needs from the theme engine, computed once per request.
import type { ShopRow } from '../domain/shops/repo.ts';
import { storeThemeInfoSchema, type StoreThemeInfo } from '../domain/shops/schema.ts';
import { getPack, type LoadedPack } from './loader.ts';
import { resolveTemplate, tokensCss, type ResolvedTemplate } from './resolve.ts';
import type { PageType, Template } from './schema.ts';
import { schemeOf, type ThemeSettings } from './theme-settings.ts';

export interface ThemedPage {
  pack: LoadedPack;
  theme: StoreThemeInfo;
  template: ResolvedTemplate;
  css: string;
  /**
   * Header carousel mode. The shop's own choice (store_theme_info.columns, the admin's 1|2 toggle) wins;
   * the pack's carousel.columns is the default a shop gets when it is created or switches pack.
   */
  carouselColumns: 1 | 2;
  /** The shop's theme settings (published, or the draft's in a preview); {} when it chose none. */
  settings: ThemeSettings;
  /** The colour scheme a visitor without a choice of their own sees: the theme setting, else the shop's flag. */
  scheme: 'light' | 'dark';
}

/**
 * `custom`: the shop's own theme data for this page (src/domain/admin/theme.ts storefrontTheme): its published
 * template, or the draft with its pack for an admin's ?preview=draft. Without it the pack's template applies.
 */
export function themedPage(shop: ShopRow, page: PageType, custom?: { pack: string; template: Template | null; tokens?: ThemeSettings | null } | null): ThemedPage {
  const pack = getPack(custom?.pack ?? shop.theme_pack, shop.slug);
  const theme = storeThemeInfoSchema.parse(shop.store_theme_info);
  const settings = custom?.tokens ?? {};
  return {
    pack,
    theme,
    template: resolveTemplate(pack, page, custom?.template ?? null),
    css: tokensCss(pack, theme, settings, shop.darkmode),
    carouselColumns: theme.columns,
    settings,
    scheme: schemeOf(settings, shop.darkmode),
  };
}
