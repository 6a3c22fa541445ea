// Add products, services or experiences to the store: the store menu's 'Productos +' window (seed 001 §2 'Modals').
// Issue 26: the same list and rules as the reseller's workspace ({shop}/apps/me/referral): the rows are
// islands/resale/ResaleList.tsx (earnings, add, remove with the 5 s undo, add to a catalogue; catalogue places come
// back when an item returns to the store), sorted by margin unless another order is chosen, the search debounced
// 400 ms, 10 a page (infinite scroll). Closing reloads the page when the store changed.
import { useCallback, useEffect, useState } from 'react';
import { serverMessage, type AdminApi } from './api.ts';
import type { ResaleType } from './actions.ts';
import { ADMIN_SEARCH_MAX, Sentinel, useDebounced, useInfiniteList, type Page } from './infinite.tsx';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import {
  RESALE_DEFAULT_SORT, RESALE_PAGE_SIZE, RESALE_SEARCH_DEBOUNCE_MS, RESALE_SORTS, type ResaleItem,
} from '../../src/domain/resale/schema.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';
import { ResaleRow, ResaleStyles } from '../resale/ResaleList.tsx';
import { toResaleListItem } from '../resale/list-item.ts';
import type { ResaleListLabels } from '../resale/labels.ts';

export { RESALE_PAGE_SIZE };
interface Facets { suppliers: { id: string; name: string }[]; categories: string[] }
const TITLES = { product: 'addProducts', service: 'addServices', experience: 'addExperiences' } as const;
const SORT_LABEL = { '-contribution_margin': 'sort_margin', name: 'sort_name', list_price: 'sort_price', '-list_price': 'sort_priceDesc' } as const;
type Sort = (typeof RESALE_SORTS)[number];

export default function AddItemsModal({ api, labels = defaultLabels, listLabels, base, locale, type, onClose, onChanged }: {
  api: AdminApi; labels?: AdminLabels; listLabels: ResaleListLabels; base: string; locale?: string; type: ResaleType; onClose: () => void; onChanged?: () => void;
}) {
  const { push } = useToasts();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), RESALE_SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('');
  const [supplier, setSupplier] = useState('');
  const [sort, setSort] = useState<Sort>(RESALE_DEFAULT_SORT);
  const [facets, setFacets] = useState<Facets>({ suppliers: [], categories: [] });
  const [catalogues, setCatalogues] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    api.get<Facets>(`/admin/resale/facets?type=${type}`).then((f) => { if (live) setFacets(f); }, () => {});
    api.get<Page<{ id: string; name: string }>>('/admin/catalogues?limit=50')
      .then((c) => { if (live) setCatalogues(c.results.map((x) => ({ id: x.id, name: x.name }))); }, () => {});
    return () => { live = false; };
  }, [api, type]);
  const fail = (e: unknown) => push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
  const load = useCallback((offset: number) => {
    const q = new URLSearchParams({ type, sort });
    if (query) q.set('text', query);
    if (supplier) q.set('supplier', supplier);
    if (category) q.set('category', category);
    q.set('offset', String(offset)); q.set('limit', String(RESALE_PAGE_SIZE));
    return api.get<Page<ResaleItem>>(`/admin/resale?${q}`);
  }, [api, type, sort, query, supplier, category]);
  const { items, total, loading, done, more } = useInfiniteList(load, RESALE_PAGE_SIZE, fail);
  const action = `${base}/apps/me/referral`;

  return (
    <Modal title={labels[TITLES[type]]} onClose={onClose} closeLabel={labels.close} wide>
      <ResaleStyles />
      <div className="adm-inline adm-top">
        <Field label={labels.search}>{(p) => <input {...p} type="search" maxLength={ADMIN_SEARCH_MAX} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
        <Field label={labels.category}>{(p) => (
          <select {...p} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{labels.allCategories}</option>
            {facets.categories.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        )}</Field>
        <Field label={labels.supplier}>{(p) => (
          <select {...p} value={supplier} onChange={(e) => setSupplier(e.target.value)}>
            <option value="">{labels.allSuppliers}</option>
            {facets.suppliers.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        )}</Field>
        <Field label={listLabels.sort}>{(p) => (
          <select {...p} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            {RESALE_SORTS.map((s) => <option key={s} value={s}>{listLabels[SORT_LABEL[s]]}</option>)}
          </select>
        )}</Field>
      </div>
      <p className="adm-muted" role="status" data-testid="result-count">{items ? (items.length === 0 && !loading ? labels.noResults : fmt(labels.resultCount, { count: formatNumber(total, locale) })) : ''}</p>
      <ul className="rs-list rs-compact adm-scroll" style={{ maxHeight: 420, overflowY: 'auto' }}>
        {(items ?? []).map((it) => (
          <ResaleRow key={it.id} it={toResaleListItem(it, base, locale)} shopSlug={api.slug} catalogues={catalogues} action={action}
            labels={listLabels} apiBase={api.apiBase} onChange={() => onChanged?.()} />
        ))}
        {(loading || !items) && <li className="adm-muted">{labels.loading}</li>}
        {items && !loading && !done && <Sentinel onVisible={more} />}
      </ul>
    </Modal>
  );
}
