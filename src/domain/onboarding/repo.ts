// The only SQL of the owner's checklist: one read of the facts its steps tick from (rules.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/tx.ts';

interface FactsRow {
  look: boolean; products: number; cat_slug: string | null; cat_name: string | null; campaigns: number;
  own_goods: boolean; configured: boolean | null;
}

export async function readFacts(db: Db, shop: { id: string; owner: string | null }) {
  const rows = rowsOf<FactsRow>(await db.execute(sql`
    select
      exists (select 1 from shop_themes st where st.shop_id = ${shop.id} and st.published_at is not null) as look,
      (select count(*)::int from shop_products sp where sp.shop_id = ${shop.id}) as products,
      c.slug as cat_slug, c.name as cat_name,
      (select count(*)::int from campaigns m where m.shop_id = ${shop.id}) as campaigns,
      coalesce(exists (select 1 from products p where p.supplier_id = su.id), false) as own_goods,
      su.is_configured as configured
    from (select 1) one
    left join lateral (
      select c.slug, c.name from catalogues c
      where c.shop_id = ${shop.id} and exists (select 1 from catalogue_products cp where cp.catalogue_id = c.id)
      order by c.created_at, c.id limit 1
    ) c on true
    left join suppliers su on su.profile_id = ${shop.owner}`));
  const r = rows[0]!;
  return {
    lookPublished: Boolean(r.look),
    products: Number(r.products),
    catalogue: r.cat_slug && r.cat_name ? { slug: r.cat_slug, name: r.cat_name } : null,
    campaigns: Number(r.campaigns),
    ownGoodsConfigured: r.own_goods ? Boolean(r.configured) : null,
  };
}
