// A page of rows and the size of the whole filtered set in one statement: `count(*) over()` rides on every row of
// the page (signed-in pages read lists like these on every render). A page past the end has no row to carry it, so
// only then is the total counted apart.
import { sql } from 'drizzle-orm';

/** The select column that carries the filtered set's size on each row. */
export const totalOver = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * The page's rows without the carried column, and the total. An empty first page of a positive `limit` means an empty
 * set; any other empty page (past the end, or `limit` 0) is counted apart by `countApart`.
 */
export async function withTotal<R extends { total: number }>(page: R[], at: { offset: number; limit: number }, countApart: () => Promise<number>): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const rows = page.map(({ total: _total, ...r }) => r);
  if (page[0]) return { rows, total: page[0].total };
  return { rows, total: at.offset === 0 && at.limit > 0 ? 0 : await countApart() };
}
