// More live changes recorded as builder commands (see panel-commands.ts): the header list's delete and apply /
// take-off buttons, slide reordering, and catalogues (create, edit, delete). Without a recorder they are the plain
// API calls. A deleted catalogue waits in the server's trash (POST .../restore brings it back with the same id and
// its products in order), so its commands need no id map.
import type { AdminHeader } from '../../src/domain/admin/schema.ts';
import type { AdminApi } from './api.ts';
import { activeHeader, createdAgain, currentId, HEADER_FIELDS } from './panel-commands.ts';
import { ImageKeeper, orderLike, pick, type RecordCommand } from './panel-history.ts';

const headerUrl = (id: string) => `/admin/headers/${encodeURIComponent(currentId(id))}`;

/** Deletes a header; undo creates it again (shown in the shop again if it was). */
export async function deleteHeader(api: AdminApi, record: RecordCommand | null, h: AdminHeader) {
  await api.call('DELETE', headerUrl(h.id));
  record?.({
    kind: 'headerDelete',
    undo: async () => { createdAgain(h.id, (await api.call<AdminHeader>('POST', '/admin/headers', { ...pick(h as never, HEADER_FIELDS), apply: h.active })).id); },
    redo: () => api.call('DELETE', headerUrl(h.id)),
  });
}

/** Shows a header in the shop (`active`) or takes it off; undo puts back the header the shop showed before. */
export async function applyHeader(api: AdminApi, record: RecordCommand | null, h: AdminHeader, active: boolean) {
  const previous = record && active ? await activeHeader(api) : null;
  const set = (id: string, on: boolean) => api.call('POST', `${headerUrl(id)}/apply`, { active: on });
  await set(h.id, active);
  if (!record) return;
  const back = active
    ? async () => { if (previous && currentId(previous.id) !== currentId(h.id)) await set(previous.id, true); else if (!previous) await set(h.id, false); }
    : () => set(h.id, true);
  record({ kind: active ? 'headerApply' : 'headerUnapply', undo: back, redo: () => set(h.id, active) });
}

type SlideList = { results: { id: string }[] };

/** Puts the slides in the order of `ids`; undo restores the order before (`before`), as far as the slides still match. */
export async function reorderSlides<T>(api: AdminApi, record: RecordCommand | null, before: readonly string[], ids: readonly string[]): Promise<T> {
  const after = await api.call<T>('PUT', '/admin/slides/order', { ids });
  const put = async (wanted: readonly string[]) => {
    const now = (await api.get<SlideList>('/admin/slides')).results.map((s) => s.id);
    await api.call('PUT', '/admin/slides/order', { ids: orderLike(wanted.map(currentId), now) });
  };
  record?.({ kind: 'slideOrder', undo: () => put(before), redo: () => put(ids) });
  return after;
}

// ---------- catalogues ----------

type Cat = Record<string, unknown> & { id: string; photo: string | null };
const catUrl = (id: string) => `/admin/catalogues/${encodeURIComponent(id)}`;
const restore = (api: AdminApi, id: string) => api.call('POST', `${catUrl(id)}/restore`, {});

export async function createCatalogue<T extends Cat>(api: AdminApi, record: RecordCommand | null, body: { name: string; photo: string | null }): Promise<T> {
  const c = await api.call<T>('POST', '/admin/catalogues', body);
  record?.({ kind: 'catalogueCreate', undo: () => api.call('DELETE', catUrl(c.id)), redo: () => restore(api, c.id) });
  return c;
}

/** Renames a catalogue and/or changes its photo; undo puts the old values back (the old photo uploaded again if gone). */
export async function editCatalogue<T extends Cat>(api: AdminApi, record: RecordCommand | null, before: Cat, body: { name?: string; photo?: string | null }): Promise<T> {
  if (!record) return api.call<T>('PATCH', catUrl(before.id), body);
  const images = new ImageKeeper();
  if (body.photo !== undefined) await images.keep([before.photo]);
  const after = await api.call<T>('PATCH', catUrl(before.id), body);
  if (body.photo !== undefined) await images.keep([after.photo]);
  const keys = Object.keys(body);
  const put = (state: Cat) => images.send(api, pick(state, keys), (b) => api.call('PATCH', catUrl(before.id), b));
  record({ kind: 'catalogueEdit', undo: () => put(before), redo: () => put(after) });
  return after;
}

/** Deletes a catalogue (the server keeps it restorable for a day); undo restores it with its products in order. */
export async function deleteCatalogue(api: AdminApi, record: RecordCommand | null, id: string) {
  await api.call('DELETE', catUrl(id));
  record?.({ kind: 'catalogueDelete', undo: () => restore(api, id), redo: () => api.call('DELETE', catUrl(id)) });
}
