// The store a signed-in viewer adds items to ('add to my store', issue 26), looked up once per request however many
// item lists the page renders (src/components/ItemCards.astro, the item page).
import { adminStoreOf, type AdminStore } from '../../domain/resale/service.ts';

const perRequest = new WeakMap<object, Promise<AdminStore | null>>();

export function myStore(locals: App.Locals): Promise<AdminStore | null> {
  if (locals.viewer.kind !== 'user') return Promise.resolve(null);
  let p = perRequest.get(locals);
  if (!p) { p = adminStoreOf(locals.db, locals.viewer); perRequest.set(locals, p); }
  return p;
}
