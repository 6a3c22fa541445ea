// The live saves of the admin editors, recorded as builder commands when a recorder is given (panel-history.ts).
// Without one they are the plain API calls the editors always made.
import type { AdminHeader } from '../../src/domain/admin/schema.ts';
import { AdminApi } from './api.ts';
import type { AdminShop } from './admin-shop.ts';
import { ImageKeeper, pick, type PanelCommandKind, type RecordCommand } from './panel-history.ts';

type Row = Record<string, unknown> & { id: string };
type StoreView = Record<string, unknown> & { store_theme_info: Record<string, unknown> };

/** A store field as the admin view shows it (colours live in store_theme_info). */
const storeField = (v: StoreView, k: string) => (k in v ? v[k] : v.store_theme_info[k]) ?? null;

/** PATCH the store (colours, photo and name, social links); undo puts the fields back as they were. */
export async function patchStore(api: AdminApi, record: RecordCommand | null, kind: PanelCommandKind, body: Record<string, unknown>) {
  if (!record) return api.patchStore(body);
  const keys = Object.keys(body);
  const images = new ImageKeeper();
  const before = await api.get<StoreView>('/admin/store');
  if (body.photo !== undefined) await images.keep([before.photo as string | null]);
  const after = (await api.patchStore(body)) as StoreView;
  if (body.photo !== undefined) await images.keep([after.photo as string | null]);
  const state = (v: StoreView) => Object.fromEntries(keys.map((k) => [k, storeField(v, k)]));
  const send = (v: StoreView) => images.send(api, state(v), (b) => api.patchStore(b));
  record({ kind, undo: () => send(before), redo: () => send(after) });
  return after;
}

// ---------- ids: an item created again gets a new id ----------

/** Old id -> the id of the item created again in its place (a chain when it happens more than once). Every
 * command names items by the id it saw and looks up the current one, so an edit recorded before a delete still
 * applies after that delete was undone. */
const recreated = new Map<string, string>();
export const currentId = (id: string) => { let at = id; for (let n = 0; recreated.has(at) && n < 1000; n++) at = recreated.get(at)!; return at; };
export const createdAgain = (id: string, now: string) => { const at = currentId(id); if (at !== now) recreated.set(at, now); };

// ---------- slides and banners: edit, create, delete ----------

const SLIDE_FIELDS = ['hzt_image', 'vrt_image', 'type', 'product', 'url', 'url_target', 'target', 'action_type', 'title', 'subtitle', 'button_label', 'button_url', 'text_desktop', 'text_phone'] as const;
const BANNER_FIELDS = ['hzt_image', 'vrt_image', 'action_type', 'url', 'url_target', 'product', 'target'] as const;

interface Kind { path: string; fields: readonly string[]; edit: PanelCommandKind; create: PanelCommandKind; remove: PanelCommandKind }
export const SLIDES: Kind = { path: '/admin/slides', fields: SLIDE_FIELDS, edit: 'slideEdit', create: 'slideCreate', remove: 'slideDelete' };
export const BANNERS: Kind = { path: '/admin/banners', fields: BANNER_FIELDS, edit: 'bannerEdit', create: 'bannerCreate', remove: 'bannerDelete' };

const imagesOf = (r: Row | undefined) => [r?.hzt_image as string | null, r?.vrt_image as string | null];

/** Saves a slide or banner (PATCH with `before`, POST without): undo puts the old fields back / deletes the new one. */
export async function saveItem<T>(api: AdminApi, record: RecordCommand | null, k: Kind, before: Row | undefined, body: Record<string, unknown>): Promise<T> {
  const url = (id: string) => `${k.path}/${encodeURIComponent(currentId(id))}`;
  if (!record) return before ? api.call<T>('PATCH', url(before.id), body) : api.call<T>('POST', k.path, body);
  const images = new ImageKeeper();
  // Replaced images are deleted by the save: read them first.
  if (before) await images.keep(imagesOf(before).filter((u, i) => { const v = body[i ? 'vrt_image' : 'hzt_image']; return v !== undefined && v !== u; }));
  const after = before ? await api.call<Row>('PATCH', url(before.id), body) : await api.call<Row>('POST', k.path, body);
  // The new images: an undo of this save (or of the create) deletes them, the redo needs them.
  await images.keep(before ? imagesOf(after).filter((u, i) => u !== imagesOf(before)[i]) : imagesOf(after));
  const id = after.id;
  const put = (state: Row) => images.send(api, pick(state, k.fields), (b) => api.call('PATCH', url(id), b));
  if (before) record({ kind: k.edit, undo: () => put(before), redo: () => put(after) });
  else {
    record({
      kind: k.create,
      undo: () => api.call('DELETE', url(id)),
      redo: async () => { createdAgain(id, (await images.send(api, { ...pick(after, k.fields), position: after.position }, (b) => api.call<Row>('POST', k.path, b))).id); },
    });
  }
  return after as T;
}

/** Deletes a slide or banner; undo creates it again at its place (with its images, uploaded again if they were deleted). */
export async function deleteItem(api: AdminApi, record: RecordCommand | null, k: Kind, item: Row) {
  const url = (id: string) => `${k.path}/${encodeURIComponent(currentId(id))}`;
  if (!record) { await api.call('DELETE', url(item.id)); return; }
  const images = new ImageKeeper();
  await images.keep(imagesOf(item));
  await api.call('DELETE', url(item.id));
  const id = item.id;
  record({
    kind: k.remove,
    undo: async () => { createdAgain(id, (await images.send(api, { ...pick(item, k.fields), position: item.position }, (b) => api.call<Row>('POST', k.path, b))).id); },
    redo: () => api.call('DELETE', url(id)),
  });
}

// ---------- headers: a save also makes the header the shop's ----------

export const HEADER_FIELDS = ['title', 'subtitle', 'description', 'action_type', 'url', 'button_label', 'product', 'target'] as const;

/** The shop's active header, if any (the list is newest first, at most 100 a page). */
export async function activeHeader(api: AdminApi): Promise<AdminHeader | null> {
  for (let offset = 0; offset < 10_000; offset += 100) {
    const r = await api.get<{ results: AdminHeader[] }>(`/admin/headers?offset=${offset}&limit=100`);
    const found = r.results.find((h) => h.active);
    if (found || r.results.length < 100) return found ?? null;
  }
  return null;
}

/** Saves a header and applies it (PATCH with `before`, POST without); undo restores its fields and the header
 * the shop showed before (or none). */
export async function saveHeader(api: AdminApi, record: RecordCommand | null, before: AdminHeader | undefined, body: Record<string, unknown>) {
  const url = (id: string) => `/admin/headers/${encodeURIComponent(currentId(id))}`;
  const save = () => (before ? api.call<AdminHeader>('PATCH', url(before.id), body) : api.call<AdminHeader>('POST', '/admin/headers', body));
  if (!record) return save();
  const previous = before?.active ? before : await activeHeader(api);
  const after = await save();
  const id = after.id;
  const showPrevious = async () => {
    if (previous && currentId(previous.id) !== currentId(id)) await api.call('POST', `${url(previous.id)}/apply`, { active: true });
  };
  if (before) {
    record({
      kind: 'headerSave',
      undo: async () => { await api.call('PATCH', url(id), { ...pick(before as never, HEADER_FIELDS), ...(previous ? {} : { apply: false }) }); await showPrevious(); },
      redo: () => api.call('PATCH', url(id), { ...pick(after as never, HEADER_FIELDS), apply: true }),
    });
  } else {
    record({
      kind: 'headerCreate',
      undo: async () => { await api.call('DELETE', url(id)); await showPrevious(); },
      redo: async () => { createdAgain(id, (await api.call<AdminHeader>('POST', '/admin/headers', { ...pick(after as never, HEADER_FIELDS), apply: true })).id); },
    });
  }
  return after;
}

/** The builder's copy of the shop's fields (colours, photo, name, social links) read again after a live change. */
export async function refreshShop(shop: AdminShop) {
  try {
    const v = await new AdminApi(shop.slug, '').get<StoreView>('/admin/store');
    const theme = v.store_theme_info as { color1: string; color2: string };
    Object.assign(shop, { name: v.name, photo: v.photo, photo_display: v.photo_display, color1: theme.color1, color2: theme.color2 });
    for (const k of Object.keys(shop.socials)) shop.socials[k] = (v[k] as string | null) ?? null;
  } catch { /* the panels keep what they had */ }
}
