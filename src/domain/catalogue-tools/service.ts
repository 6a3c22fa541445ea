// What goes inside a catalogue (issue 13; seed 001 §2, §4, §7): the add-products modal's candidates, adding every
// item that matches its filter, the admin's ordered list, and forking a catalogue of the network. Every call takes
// the AdminCtx of src/domain/admin/service.ts (built by adminHandle), so the viewer administers the target shop.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { catalogueNamed, catalogueSlugsLike, findCatalogue, lockCatalogueNames } from '../admin/index.ts';
import { inTx } from '../../db/tx.ts';
import { catalogueSlug, type AdminCtx } from '../admin/index.ts';
import { storeOwners } from '../catalog/index.ts';
import { catalogueShareUrl } from '../catalog/index.ts';
import { fuzzyEligible, textMatch } from '../search/index.ts';
import { normalizeSearchText } from '../search/schema.ts';
import type { ShopRow } from '../shops/index.ts';
import * as repo from './repo.ts';
import { mayFork, networkOf } from './rules.ts';
import { ADD_BY_FILTER_MAX, type AddByFilterUndo, type CandidateFilter, type CandidatesQuery, type ForkBody, type ForkResult } from './schema.ts';
import type { z } from 'zod';
import type { networkCataloguesQuerySchema } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownCatalogue(db: Db, shop: ShopRow, id: string) {
  const c = UUID.test(id) ? await findCatalogue(db, shop.id, id.toLowerCase()) : null;
  if (!c) throw new AppError('not_found', 'Catalogue not found');
  return c;
}

/** A franchise store sells one supplier's items (seed 001 §5 invalid_product): that supplier's profile, or null. */
async function franchiseOwner(db: Db, shop: ShopRow): Promise<string | null> {
  if (shop.store_type !== 'franchise') return null;
  const owners = await storeOwners(db, shop.id);
  return owners.length === 1 ? owners[0]! : null;
}

/**
 * The WHERE of a filter: the candidate rules plus the text, matched as the storefront search does, falling back
 * to near matches when nothing matches exactly (so 'add all' puts in what the list shows).
 */
async function filterWhere(db: Db, shop: ShopRow, f: CandidateFilter): Promise<SQL> {
  const conds = repo.candidateConds(shop.id, f, await franchiseOwner(db, shop), shop.owner);
  const text = normalizeSearchText(f.text);
  if (!text) return sql.join(conds, sql` and `);
  const strict = sql.join([...conds, textMatch(text).where], sql` and `);
  if (!fuzzyEligible(text) || (await repo.countCandidates(db, strict)) > 0) return strict;
  return sql.join([...conds, textMatch(text, 'fuzzy').where], sql` and `);
}

/** GET .../catalogues/{id}/candidates: what the add-products modal lists, with in_store and in_catalogue. */
export async function listCandidates({ db, shop }: AdminCtx, id: string, q: CandidatesQuery) {
  const c = await ownCatalogue(db, shop, id);
  return repo.listCandidates(db, shop.id, c.id, await filterWhere(db, shop, q), q);
}

/**
 * POST .../catalogues/{id}/products/by-filter: every candidate matching the filter that the catalogue lacks goes
 * in at the end, by name (at most ADD_BY_FILTER_MAX a call); idempotent, a repeat adds nothing.
 */
export async function addByFilter({ db, shop }: AdminCtx, id: string, f: CandidateFilter) {
  const c = await ownCatalogue(db, shop, id);
  // Issue 26: no filter is the whole resale catalogue of the type; only on purpose (the window asks first).
  if (!f.text?.trim() && !f.supplier && !f.category && f.all !== true) {
    throw new AppError('validation_error', 'An empty filter adds every item: send all: true to mean it', {
      textKey: 'apiErrors.filter_required', fields: { text: ['apiErrors.filter_required'] },
    });
  }
  const r = await repo.addMatching(db, shop.id, c.id, await filterWhere(db, shop, f), ADD_BY_FILTER_MAX);
  return { catalogue_id: c.id, ...r, num_products: await repo.catalogueSize(db, c.id) };
}

/** POST .../catalogues/{id}/products/by-filter/undo: takes back what one 'add all' put in (its answer's ids). */
export async function undoAddByFilter({ db, shop }: AdminCtx, id: string, body: AddByFilterUndo) {
  const c = await ownCatalogue(db, shop, id);
  const r = await repo.undoAddMatching(db, shop.id, c.id, [...new Set(body.added_ids.map((x) => x.toLowerCase()))], [...new Set(body.added_to_store_ids.map((x) => x.toLowerCase()))]);
  return { catalogue_id: c.id, ...r, num_products: await repo.catalogueSize(db, c.id) };
}

/** GET .../catalogues/{id}/items: the catalogue's items in order with photos, for the admin's cards. */
export async function listAdminItems({ db, shop }: AdminCtx, id: string, page: { offset: number; limit: number }) {
  const c = await ownCatalogue(db, shop, id);
  return repo.adminItems(db, c.id, page);
}

const ORIGIN_NOT_FOUND = 'Catalogue to fork not found in this shop\'s network';

/**
 * POST .../catalogues/fork: copies a catalogue of this shop or of another shop of its network (seed 001 §6:
 * reseller and affinity shops fork catalogues) — name (with a slug free in this shop), photo and items in order —
 * and records origin_id. A catalogue outside the network answers 404, as an unknown one does.
 */
export async function forkCatalogue({ db, shop }: AdminCtx, body: ForkBody): Promise<ForkResult> {
  let origin: repo.OriginRow | null;
  if (body.origin_id) origin = await repo.findOrigin(db, { id: body.origin_id });
  else {
    const net = networkOf(shop);
    const byShop = body.origin_shop ? { shopSlug: body.origin_shop } : net ? { shopId: net } : { shopId: shop.id };
    origin = await repo.findOrigin(db, { ...byShop, slug: body.origin_slug! });
  }
  if (!origin || origin.shop.disabled || !mayFork(shop, origin.shop)) throw new AppError('not_found', ORIGIN_NOT_FOUND, { textKey: 'catalogueTools.originNotFound' });
  const base = catalogueSlug(origin.name);
  const id = await inTx(db, async (tx) => {
    // Two catalogues of a shop never share a name (src/domain/admin/catalogues-admin.ts): a copy whose name is taken
    // here is 'Name 2' (then 3 ...), as its address is name-2.
    await lockCatalogueNames(tx, shop.id);
    let name = origin.name;
    for (let n = 2; n < 100 && await catalogueNamed(tx, shop.id, name); n++) name = `${origin.name.slice(0, 110)} ${n}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await catalogueSlugsLike(tx, shop.id, base);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const made = await repo.insertFork(tx, { shop_id: shop.id, owner: shop.owner, name, slug, photo: origin!.photo, origin_id: origin!.id });
      if (made) return made;
    }
    return null;
  });
  if (!id) throw new AppError('conflict', 'Could not give the catalogue a unique address; try again');
  await repo.copyItems(db, shop.id, origin.id, id, await franchiseOwner(db, shop));
  const made = (await findCatalogue(db, shop.id, id))!;
  return {
    id: made.id, name: made.name, slug: made.slug, photo: made.photo, num_products: made.num_products,
    origin: { id: origin.id, name: origin.name, slug: origin.slug, shop_slug: origin.shop.slug, shop_name: origin.shop.name },
  };
}

/** GET .../catalogues/network: what this shop may fork from the other shops of its network (none outside one). */
export async function listNetworkCatalogues({ db, shop }: AdminCtx, q: z.output<typeof networkCataloguesQuerySchema>) {
  const net = networkOf(shop);
  if (!net) return { results: [], matches_estimated: 0 };
  return repo.networkCatalogues(db, net, shop.id, { ...q, text: normalizeSearchText(q.text) });
}

export interface ForkTarget { slug: string; name: string; canonical_url: string | null }

/**
 * Other shops of the viewed shop's network that the viewer administers (the catalogue page's 'duplicate
 * catalogue' action forks into one of them). Empty for anonymous viewers and for shops outside any network.
 */
export async function forkTargets(db: Db, viewer: Viewer, viewed: ShopRow): Promise<ForkTarget[]> {
  if (viewer.kind !== 'user') return [];
  const mine = await repo.adminShopsOf(db, viewer.user.profile_id, viewer.user.id);
  return mine.filter((s) => s.id !== viewed.id && mayFork(s, viewed)).map((s) => ({ slug: s.slug, name: s.name, canonical_url: s.canonical_url }));
}

/** Where a forked catalogue came from, for its 'forked from' link; null when it is no fork or the origin is gone. */
export async function forkOrigin(db: Db, catalogueId: string, requestUrl: URL, basePath: string) {
  const res = await repo.originOf(db, catalogueId);
  if (!res || res.shop.disabled) return null;
  // Path tenancy (basePath '/{slug}') links by path on this host; otherwise the origin shop's own address.
  const href = basePath ? `/${res.shop.slug}/catalogos/${encodeURIComponent(res.slug)}` : catalogueShareUrl(res.shop, res.slug, requestUrl);
  return { name: res.name, shop_name: res.shop.name, href };
}
