// A supplier's products as CSV for people using spreadsheets (papaparse reads and writes the CSV itself): one row per
// item, the seed's field names as the header. Prices in major units with two decimals ("199.50"), tags, photos and
// attendee fields '|'-separated, variants "Talla=S|M|L;Color=Rojo|Azul", per-variant stock
// "Talla=S|Color=Rojo:5;..." (src/domain/products/rules.ts). An empty `id` creates the row's item; an id updates it.
// Pure: the service validates every mapped row with productInput and writes them.
import Papa from 'papaparse';
import type { IssueLike } from '../../lib/shared/errors.ts';
import { parseMoney } from '../../lib/shared/money.ts';
import {
  formatMajorUnits, listFromCell, listToCell, variantStockFromCell, variantStockToCell, variantsFromCell, variantsToCell,
} from './rules.ts';
import { productFields, type ProductFields } from './schema.ts';

export const CSV_COLUMNS = [
  'id', 'type', 'name', 'slug', 'list_price', 'crossout_price', 'currency', 'contribution_margin', 'hide_price', 'is_free',
  'is_dropshipping', 'stock_type', 'stock_on_hand', 'variants', 'variant_stock', 'max_purchase_amount', 'tags', 'photos',
  'plain_description', 'description', 'weight_g', 'length_cm', 'width_cm', 'height_cm', 'list_state', 'hiden',
  'experience_date', 'experience_place', 'experience_capacity', 'attendee_fields',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
type FieldColumn = Exclude<CsvColumn, 'id'>;

const MONEY = new Set<string>(['list_price', 'crossout_price', 'contribution_margin']);
const INTEGER = new Set<string>(['stock_on_hand', 'max_purchase_amount', 'weight_g', 'length_cm', 'width_cm', 'height_cm', 'experience_capacity']);
const BOOLEAN = new Set<string>(['hide_price', 'is_free', 'is_dropshipping', 'hiden']);
const LIST = new Set<string>(['tags', 'photos', 'attendee_fields']);
const TRUE = new Set(['true', '1', 'yes', 'si', 'sí', 'verdadero', 'x']);
const FALSE = new Set(['false', '0', 'no', 'falso']);

/** What an empty cell means: the field's default (as a new item would get it); undefined for name and list_price (required). */
export const EMPTY_CELL: Partial<ProductFields> = (() => {
  const d: Partial<ProductFields> = productFields.parse({ name: 'x', list_price: 0 });
  delete d.name;
  delete d.list_price;
  return d;
})();

// ---------- export ----------

export type ExportedProduct = ProductFields & { id: string; slug: string };

function cellOf(p: ExportedProduct, col: CsvColumn): string {
  const v = (p as Record<string, unknown>)[col];
  if (v === null || v === undefined) return '';
  if (MONEY.has(col)) return formatMajorUnits(v as number);
  if (col === 'variants') return variantsToCell(v as Record<string, string[]>);
  if (col === 'variant_stock') return variantStockToCell(v as ProductFields['variant_stock']);
  if (LIST.has(col)) return listToCell(v as string[]);
  return String(v);
}

/** The CSV text of `items` (a byte order mark first, so spreadsheets read it as UTF-8). Formulae are neutralised. */
export function toCsv(items: ExportedProduct[]): string {
  const data = items.map((p) => CSV_COLUMNS.map((c) => cellOf(p, c)));
  return `\uFEFF${Papa.unparse({ fields: [...CSV_COLUMNS], data }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

// ---------- import ----------

export interface CsvRow {
  /** The line a spreadsheet shows (the header is line 1). */
  line: number;
  id: string | null;
  /** Values of the columns present in the file (undefined: the cell was empty). */
  values: Partial<Record<FieldColumn, unknown>>;
  problems: IssueLike[];
}

export interface ParsedCsv { header: string[]; rows: CsvRow[]; problems: IssueLike[] }

const issue = (line: number, column: string, message: string): IssueLike => ({ code: 'custom', message, path: [line, column] });

/** The delimiter of the header line: ',' unless ';' or a tab is what separates its names (spreadsheets in Spanish write ';'). */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const).sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

/** A cell written by a spreadsheet export that neutralised a formula ("'=x") is read back as it was ("=x"). */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function readCell(col: FieldColumn, raw: string, line: number, problems: IssueLike[]): unknown {
  const cell = raw.trim();
  if (MONEY.has(col)) {
    // A cell is read as a person types it, with the money module's parser and its reasons ("at most 2 decimals").
    const r = parseMoney(cell);
    if (r.ok) return r.minor;
    problems.push({ ...issue(line, col, r.error), ...(r.vars?.max === undefined ? {} : { maximum: Number(r.vars.max) }) });
    return undefined;
  }
  if (INTEGER.has(col)) {
    if (!/^\d{1,9}$/.test(cell)) { problems.push(issue(line, col, 'validation.wholeNumber')); return undefined; }
    return Number(cell);
  }
  if (BOOLEAN.has(col)) {
    const v = cell.toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    problems.push(issue(line, col, 'validation.invalidOption'));
    return undefined;
  }
  if (LIST.has(col)) return listFromCell(cell);
  if (col === 'variants') {
    const v = variantsFromCell(cell);
    if (!v) problems.push(issue(line, col, 'validation.invalidFormat'));
    return v ?? undefined;
  }
  if (col === 'variant_stock') {
    const v = variantStockFromCell(cell);
    if (!v) problems.push(issue(line, col, 'validation.invalidFormat'));
    return v ?? undefined;
  }
  // Text keeps what was typed (rich and plain descriptions keep their inner white space).
  return col === 'plain_description' || col === 'description' ? raw : cell;
}

/**
 * Reads CSV text into rows of field values. Unknown or repeated header names are problems of line 1; a cell that
 * cannot be read is a problem of its line and column. Rows whose cells are all empty are skipped (still counted).
 */
export function parseCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { delimiter: delimiterOf(body), skipEmptyLines: false });
  const problems: IssueLike[] = [];
  const [head = [], ...records] = parsed.data;
  const header = head.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CSV_COLUMNS);
  const seen = new Set<string>();
  for (const h of header) {
    if (!h) continue; // a trailing separator names no column
    if (!known.has(h)) problems.push(issue(1, h, 'validation.unknownField'));
    else if (seen.has(h)) problems.push(issue(1, h, 'validation.noRepeats'));
    seen.add(h);
  }
  if (!seen.has('name') && !seen.has('id')) problems.push(issue(1, 'name', 'validation.required'));
  // papaparse reports quoting mistakes by record (its `row` counts records, header included).
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter') continue;
    problems.push(issue((e.row ?? 0) + 1, '_', 'validation.invalidFormat'));
  }
  const rows: CsvRow[] = [];
  records.forEach((cells, i) => {
    const line = i + 2;
    if (cells.every((c) => !c.trim())) return;
    const row: CsvRow = { line, id: null, values: {}, problems: [] };
    if (cells.length > header.length && cells.slice(header.length).some((c) => c.trim())) row.problems.push(issue(line, '_', 'validation.unknownField'));
    header.forEach((col, c) => {
      if (!known.has(col)) return;
      const raw = unneutralise(cells[c] ?? '');
      if (col === 'id') { row.id = raw.trim() || null; return; }
      if (!raw.trim()) { row.values[col as FieldColumn] = undefined; return; }
      row.values[col as FieldColumn] = readCell(col as FieldColumn, raw, line, row.problems);
    });
    rows.push(row);
  });
  return { header, rows, problems };
}

/** The row as an item to create: the cells given, the rest left to the schema's defaults. */
export function createValues(row: CsvRow): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row.values).filter(([, v]) => v !== undefined));
}

/** The row over a stored item: columns not in the file keep their value; an empty cell means the field's default. */
export function updateValues(row: CsvRow, stored: ProductFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const [col, v] of Object.entries(row.values)) out[col] = v === undefined ? (EMPTY_CELL as Record<string, unknown>)[col] : v;
  return out;
}
