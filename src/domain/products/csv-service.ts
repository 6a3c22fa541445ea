// CSV export and import of a supplier's catalogue. The import checks EVERY row with productInput (productProblems
// included) before writing anything, reports each problem by spreadsheet line and column
// ({"<line>.<column>": [message]}), and writes all rows in one transaction, or none: a half import never happens.
import type { Db } from '../../db/client.ts';
import { AppError, type IssueLike } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { requireSupplier } from '../suppliers/index.ts';
import { createValues, parseCsv, toCsv, updateValues } from './csv.ts';
import * as repo from './repo.ts';
import { CSV_IMPORT_MAX_ROWS, productInput, type ProductInput, type ProductListQuery } from './schema.ts';
import { fieldsOf, insertItem, reader, rewriteItem } from './service.ts';
import { recomputeConfigured } from '../suppliers/index.ts';

/** More than any supplier's catalogue; an export stops there. */
export const CSV_EXPORT_MAX_ROWS = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every item of the supplier matching the list's filters, as CSV (the list's order). */
export async function exportCsv(db: Db, viewer: Viewer, q: Omit<ProductListQuery, 'offset' | 'limit'>): Promise<string> {
  const a = await reader(db, viewer);
  const rows = await repo.allProducts(db, a.supplier.id, q, CSV_EXPORT_MAX_ROWS);
  const variants = await repo.variantStock(db, rows.map((r) => r.id));
  return toCsv(rows.map((r) => ({ ...fieldsOf(r, variants.get(r.id) ?? []), id: r.id, slug: r.slug })));
}

export interface ImportResult { created: number; updated: number; dry_run: boolean }

function csvInvalid(issues: IssueLike[]): AppError {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[(i.path ?? []).map(String).join('.')] ??= []).push(i.message);
  return new AppError('csv_invalid', `${issues.length} problem(s) in the file: nothing was imported`, {
    textKey: 'supplierApi.csvInvalid', vars: { count: issues.length }, fields, issues,
  });
}

/** A problem of one row, at its line and the column (the field's first path segment). */
const atLine = (line: number, issue: IssueLike): IssueLike => ({ ...issue, path: [line, String(issue.path?.[0] ?? '_')] });

/**
 * Creates (empty id) and updates (the supplier's item id) the items of a CSV file; with `dryRun` it does all of it
 * and rolls it back, so the answer is what the import would do (stored-state refusals included).
 * Any problem: 400 csv_invalid with every problem, and nothing written.
 */
export async function importCsv(db: Db, viewer: Viewer, read: string | (() => Promise<string>), opts: { dryRun: boolean }): Promise<ImportResult> {
  const a = await requireSupplier(db, viewer);
  // Who may import is asked before the file is read.
  const parsed = parseCsv(typeof read === 'string' ? read : await read());
  if (parsed.rows.length > CSV_IMPORT_MAX_ROWS) {
    throw new AppError('payload_too_large', `At most ${CSV_IMPORT_MAX_ROWS} rows per file`, { textKey: 'supplierApi.csvTooManyRows', vars: { max: CSV_IMPORT_MAX_ROWS } });
  }
  const issues: IssueLike[] = [...parsed.problems];
  if (!parsed.rows.length && !issues.length) issues.push({ code: 'custom', message: 'validation.required', path: [2, '_'] });
  const seenIds = new Set<string>();
  for (const row of parsed.rows) {
    issues.push(...row.problems);
    if (row.id === null) continue;
    if (!UUID.test(row.id)) { issues.push({ code: 'custom', message: 'validation.invalidId', path: [row.line, 'id'] }); row.id = ''; continue; }
    row.id = row.id.toLowerCase();
    if (seenIds.has(row.id)) issues.push({ code: 'custom', message: 'validation.noRepeats', path: [row.line, 'id'] });
    seenIds.add(row.id);
  }

  const run = inTx(db, async (tx) => {
    // Rows to update held in id order, then their variant rows (the lock order of every stock change).
    const stored = new Map((await repo.lockProducts(tx, a.supplier.id, [...seenIds].sort())).map((r) => [r.id, r]));
    const variants = await repo.variantStock(tx, [...stored.keys()], true);
    const ready: { line: number; base: repo.ProductRow | null; data: ProductInput }[] = [];
    for (const row of parsed.rows) {
      if (row.id === '') continue;
      const base = row.id ? stored.get(row.id) ?? null : null;
      // Another supplier's id, or none at all: the same answer (nothing tells which ids exist).
      if (row.id && !base) { issues.push({ code: 'custom', message: 'validation.invalidId', path: [row.line, 'id'] }); continue; }
      if (row.problems.length) continue;
      const values = base ? updateValues(row, fieldsOf(base, variants.get(base.id) ?? [])) : createValues(row);
      const checked = productInput.safeParse(values);
      if (!checked.success) { issues.push(...checked.error.issues.map((i) => atLine(row.line, i))); continue; }
      ready.push({ line: row.line, base, data: checked.data });
    }
    if (issues.length) throw csvInvalid(issues);
    const counts = { created: ready.filter((r) => !r.base).length, updated: ready.filter((r) => r.base).length, dry_run: opts.dryRun };
    for (const r of ready) {
      try {
        if (r.base) await rewriteItem(tx, r.base, r.data, variants.get(r.base.id) ?? []);
        else await insertItem(tx, a, r.data);
      } catch (err) {
        // Refusals that depend on what is stored (a slug another item has, stock below what is reserved): by line too.
        if (!(err instanceof AppError) || !err.fields) throw err;
        for (const [field, messages] of Object.entries(err.fields)) {
          const min = err.fieldVars?.[field]?.min;
          for (const message of messages) issues.push({ code: 'custom', message, path: [r.line, field.split('.')[0]!], ...(typeof min === 'number' ? { minimum: min } : {}) });
        }
      }
    }
    // Throwing rolls every row back; a dry run is the whole import, rolled back.
    if (issues.length) throw csvInvalid(issues);
    if (opts.dryRun) throw new DryRun(counts);
    return counts;
  });
  try {
    const done = await run;
    await recomputeConfigured(db, a.supplier.id);
    return done;
  } catch (err) {
    if (err instanceof DryRun) return err.counts;
    throw err;
  }
}

class DryRun extends Error {
  constructor(readonly counts: ImportResult) { super('dry run'); }
}
