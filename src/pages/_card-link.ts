// The product card links of seed 000 §2 (files starting with _ are not routes): /negocios/{slug or owner}/products/{id},
// /profiles/{owner}/products/{id} and the same with services answer 301 to the item's own page: on the platform
// /productos/{owner}/{id}, inside a shop the shop's page of it ({base}/productos|servicios|experiencias/{owner}/{id}).
// An unknown item, owner or kind, or one the shop does not offer: the 404 page.
import type { APIRoute } from 'astro';
import { itemHref } from '../domain/catalog/schema.ts';
import { cardLinkItem } from '../domain/catalog/service.ts';
import { AppError } from '../lib/shared/errors.ts';

const KINDS = new Set(['products', 'services']);

export const cardLinkRoute: APIRoute = async (ctx) => {
  const { db, viewer, shop, basePath } = ctx.locals;
  const notFound = () => ctx.rewrite(shop ? `${basePath}/404/not-found` : '/404');
  // Read from the address itself: an endpoint reached through the middleware's rewrite to /s/... (a shop by path)
  // does not get its params.
  const m = /\/(?:negocios|profiles)\/([^/]+)\/([^/]+)\/([^/]+)\/?$/.exec(ctx.url.pathname);
  if (!m) return notFound();
  let owner: string, kind: string, id: string;
  try {
    [owner, kind, id] = m.slice(1).map((s) => decodeURIComponent(s)) as [string, string, string];
  } catch {
    return notFound();
  }
  if (!KINDS.has(kind)) return notFound();
  try {
    const item = await cardLinkItem(db, viewer, shop, { owner, id });
    return ctx.redirect(shop ? itemHref(basePath, item) : `/productos/${item.owner}/${item.id}`, 301);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return notFound();
    throw err;
  }
};
