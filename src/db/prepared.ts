// Named prepared statements for the hot storefront queries (issue 16: renders cost too much). A query built once per
// database handle with sql.placeholder() values skips drizzle's query building on every call, and on PostgreSQL its
// name lets node-postgres parse it once per connection (later calls only bind and execute). PGlite runs it unnamed.
// Names must be unique per query text: one name, one query.
import type { Db } from './client.ts';

const built = new WeakMap<object, Map<string, unknown>>();

/** The prepared query `name` of this handle, built by `build(db, name)` on first use. */
export function prepared<P>(db: Db, name: string, build: (db: Db, name: string) => P): P {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let q = byName.get(name) as P | undefined;
  if (!q) byName.set(name, (q = build(db, name)));
  return q;
}
