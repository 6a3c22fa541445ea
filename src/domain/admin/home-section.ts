// The settings a shop gave one of its home sections (published template, or the pack's), for pages that show
// that section on its own: {shop}/franquicias and {shop}/info keep the titles and texts the admin chose.
import { storefrontTheme } from './theme.ts';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../shops/index.ts';
import { themedPage, type ThemedPage } from '../../themes/page.ts';
import type { SettingValues } from '../../themes/schema.ts';

export async function homeSection(db: Db, shop: ShopRow, type: string): Promise<{ themed: ThemedPage; settings: SettingValues | null }> {
  const themed = themedPage(shop, 'home', await storefrontTheme(db, shop, 'home'));
  return { themed, settings: themed.template.sections.find((s) => s.type === type)?.settings ?? null };
}
