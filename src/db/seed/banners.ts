// Demo banners and header list (issue 15): demo-03 carries one banner per target (all, anon, ul0, ul1, ul2), each
// with a different action type, so signing in as each demo user shows the right one; every shop whose theme info
// has a header gets that header as its active row of the header list (seed 000 §4: the list holds what the
// storefront shows, so the admin can edit it).
import type { Tx } from '../client.ts';
import { media, shopBanners, shopHeaders } from '../schema/index.ts';
import type { DemoData } from './demo.ts';
import { seedDate, seedUuid } from './ids.ts';
import { mediaUrl, slideImage, toMediaRow, type IconKind } from './images.ts';

export const DEMO_BANNER_SHOP = 'demo-03';

/** The demo-03 banners in order; the headline is the image's text (what a shopper of that level sees). */
export const DEMO_BANNERS = [
  { key: 'all', target: 'all', action: 'url', url: '/catalogos/ofertas', headline: 'Ofertas para todos', subline: 'Descuentos de temporada en toda la tienda', icon: 'tag' },
  { key: 'anon', target: 'anon', action: 'signup', url: null, headline: 'Crea tu cuenta gratis', subline: 'Guarda tu carrito y sigue tus pedidos', icon: 'star' },
  { key: 'ul0', target: 'ul0', action: 'product', url: null, headline: 'Gracias por volver', subline: 'Tu café favorito te espera', icon: 'coffee' },
  { key: 'ul1', target: 'ul1', action: 'url', url: '/red-comercial', headline: 'Abre tu tienda sin inventario', subline: 'Vende productos de la red y gana comisiones', icon: 'cup' },
  { key: 'ul2', target: 'ul2', action: 'none', url: null, headline: 'Aviso para emprendedores', subline: 'Nuevos proveedores de café y textiles esta semana', icon: 'mountain' },
] as const satisfies readonly { key: string; target: string; action: string; url: string | null; headline: string; subline: string; icon: IconKind }[];

export async function insertDemoHeadersAndBanners(tx: Tx, data: DemoData): Promise<void> {
  // The header each shop shows becomes the active row of its list.
  const headers = data.shops.flatMap((s) => {
    const h = (s.store_theme_info as { header_info?: Record<string, unknown> | null }).header_info;
    if (!h) return [];
    return [{
      id: seedUuid(`header:${s.slug}`), shop_id: s.id!, title: String(h.title), subtitle: (h.subtitle as string | null) ?? null,
      description: (h.description as string | null) ?? null, action_type: h.action_type as 'none', url: (h.url as string | null) ?? null,
      button_label: (h.button_label as string | null) ?? null, product: (h.product as string | null) ?? null,
      product_supplier: (h.product_supplier as string | null) ?? null, target: String(h.target ?? 'all'), active: true,
      created_at: s.created_at as Date, updated_at: s.created_at as Date,
    }];
  });
  if (headers.length) await tx.insert(shopHeaders).values(headers);

  const shop = data.shops.find((s) => s.slug === DEMO_BANNER_SHOP);
  if (!shop) return;
  const theme = shop.store_theme_info as { color1: string; color2: string };
  const offered = new Set(data.shopProducts.filter((sp) => sp.shop_id === shop.id).map((sp) => sp.product_id));
  const product = data.products.find((p) => offered.has(p.id!) && p.list_state === 'published' && p.type === 'product' && /caf/i.test(p.name))
    ?? data.products.find((p) => offered.has(p.id!) && p.list_state === 'published');
  const mediaRows: (typeof media.$inferInsert)[] = [];
  const banners = DEMO_BANNERS.map((b, i) => {
    const ids = { hzt: seedUuid(`media:banner:${shop.slug}:${b.key}:hzt`), vrt: seedUuid(`media:banner:${shop.slug}:${b.key}:vrt`) };
    const text = { headline: b.headline, subline: b.subline, icon: b.icon, color1: i % 2 ? theme.color2 : theme.color1, color2: i % 2 ? theme.color1 : theme.color2 };
    mediaRows.push(toMediaRow(ids.hzt, shop.owner ?? null, slideImage({ ...text, width: 2000, height: 600, fileName: `banner-${b.key}.svg` }), seedDate(31_000 + i)));
    mediaRows.push(toMediaRow(ids.vrt, shop.owner ?? null, slideImage({ ...text, width: 1000, height: 450, fileName: `banner-${b.key}-movil.svg` }), seedDate(31_000 + i)));
    const isProduct = b.action === 'product' && product;
    return {
      id: seedUuid(`banner:${shop.slug}:${b.key}`), shop_id: shop.id!, hzt_image: mediaUrl(ids.hzt), vrt_image: mediaUrl(ids.vrt),
      hzt_image_id: ids.hzt, vrt_image_id: ids.vrt, action_type: (isProduct || b.action !== 'product' ? b.action : 'none') as 'none',
      url: b.url, url_target: '_self' as const, product: isProduct ? product.id! : null, product_supplier: isProduct ? product.owner : null,
      target: b.target, position: i, created_at: seedDate(31_000 + i), updated_at: seedDate(31_000 + i),
    };
  });
  await tx.insert(media).values(mediaRows);
  await tx.insert(shopBanners).values(banners);
}
