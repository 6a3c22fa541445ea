// The product list's address <-> its query: what the GET filter form sends (empty fields dropped, a wrong value
// ignored rather than refused), and the links that keep the filters (pages, export, bulk's way back).
import { productListQuery, SUPPLIER_PRODUCTS_PAGE_SIZE, type ProductListQuery } from '../../domain/products/schema.ts';

export const FILTER_KEYS = ['text', 'type', 'list_state', 'hiden', 'stock', 'tag', 'sort'] as const;

export function readListQuery(params: URLSearchParams): { query: ProductListQuery; raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  for (const k of [...FILTER_KEYS, 'offset'] as const) {
    const v = params.get(k)?.trim();
    if (v) raw[k] = v;
  }
  let parsed = productListQuery.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = productListQuery.safeParse(raw);
  }
  const query = parsed.success ? parsed.data : productListQuery.parse({});
  return { query: { ...query, limit: SUPPLIER_PRODUCTS_PAGE_SIZE }, raw };
}

/** The filters (no offset) as a query string, with `extra` on top; '' when none. */
export function filterSearch(raw: Record<string, string>, extra: Record<string, string | number | undefined> = {}): string {
  const p = new URLSearchParams();
  for (const k of FILTER_KEYS) if (raw[k] && !(k === 'sort' && raw[k] === '-updated_at')) p.set(k, raw[k]);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '' && v !== 0) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const hasFilters = (raw: Record<string, string>) => FILTER_KEYS.some((k) => k !== 'sort' && raw[k]);
