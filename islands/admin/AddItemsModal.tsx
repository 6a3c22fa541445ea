// Add products, services or experiences to the store (seed 001 §2 'Modals'): a search box (300 ms debounce), category
// and supplier filters filled from the facets call, an infinite list (20 a page) and an add/remove toggle per row
// (PUT / DELETE store-products/{id}); a failed toggle goes back to the previous state with the server's message.
// Closing waits for toggles still on their way.
import { useCallback, useEffect, useState } from 'react';
import { serverMessage, type AdminApi } from './api.ts';
import type { ResaleType } from './actions.ts';
import { ADMIN_SEARCH_MAX, Sentinel, formatPrice, useDebounced, useInfiniteList, useInflight, type Page } from './infinite.tsx';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import { defaultLabels, fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, useToasts } from './ui.tsx';

export const RESALE_PAGE_SIZE = 20;
interface Item {
  id: string; name: string; type: ResaleType; photo: string | null; list_price: number; currency: string;
  supplier: { id: string; name: string } | null; tags: string[]; in_store: boolean;
}
interface Facets { suppliers: { id: string; name: string }[]; categories: string[] }
const TITLES = { product: 'addProducts', service: 'addServices', experience: 'addExperiences' } as const;

export default function AddItemsModal({ api, labels = defaultLabels, locale, type, onClose, onChanged }: {
  api: AdminApi; labels?: AdminLabels; locale?: string; type: ResaleType; onClose: () => void; onChanged?: () => void;
}) {
  const { push } = useToasts();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [category, setCategory] = useState('');
  const [supplier, setSupplier] = useState('');
  const [facets, setFacets] = useState<Facets>({ suppliers: [], categories: [] });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const inflight = useInflight();
  useEffect(() => {
    let live = true;
    api.get<Facets>(`/admin/resale/facets?type=${type}`).then((f) => { if (live) setFacets(f); }, () => {});
    return () => { live = false; };
  }, [api, type]);
  const fail = (e: unknown) => push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
  const load = useCallback((offset: number) => {
    const q = new URLSearchParams({ type });
    if (query) q.set('text', query);
    if (supplier) q.set('supplier', supplier);
    if (category) q.set('category', category);
    q.set('offset', String(offset)); q.set('limit', String(RESALE_PAGE_SIZE));
    return api.get<Page<Item>>(`/admin/resale?${q}`);
  }, [api, type, query, supplier, category]);
  const { items, setItems, total, loading, done, more } = useInfiniteList(load, RESALE_PAGE_SIZE, fail);

  const mark = (id: string, on: boolean) => setBusy((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const put = (id: string, in_store: boolean) => setItems((all) => all && all.map((x) => (x.id === id ? { ...x, in_store } : x)));
  const toggle = async (it: Item) => {
    if (busy.has(it.id)) return;
    const next = !it.in_store;
    mark(it.id, true); put(it.id, next);
    try { await inflight.track(api.call(next ? 'PUT' : 'DELETE', `/admin/store-products/${encodeURIComponent(it.id)}`)); onChanged?.(); }
    catch (e) { put(it.id, it.in_store); fail(e); }
    finally { mark(it.id, false); }
  };
  const close = async () => { await inflight.settled(); onClose(); };

  return (
    <Modal title={labels[TITLES[type]]} onClose={() => void close()} closeLabel={labels.close} wide>
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
      </div>
      <p className="adm-muted" role="status" data-testid="result-count">{items ? (items.length === 0 && !loading ? labels.noResults : fmt(labels.resultCount, { count: formatNumber(total, locale) })) : ''}</p>
      <ul className="adm-list adm-scroll" style={{ maxHeight: 400 }}>
        {(items ?? []).map((it) => (
          <li key={it.id} data-testid="resale-row">
            {it.photo ? <img src={it.photo} alt="" className="adm-thumb-sm" loading="lazy" /> : <span className="adm-thumb-sm" aria-hidden="true" />}
            <span className="adm-grow">{it.name}{it.supplier && <><br /><small>{it.supplier.name}</small></>}</span>
            <span>{formatPrice(it.list_price, it.currency, locale)}</span>
            <button type="button" className={it.in_store ? undefined : 'adm-primary'} aria-pressed={it.in_store} aria-disabled={busy.has(it.id) || undefined}
              aria-label={`${it.in_store ? labels.remove : labels.add} ${it.name}`} onClick={() => void toggle(it)}>
              {it.in_store ? labels.remove : labels.add}
            </button>
          </li>
        ))}
        {(loading || !items) && <li className="adm-muted">{labels.loading}</li>}
        {items && !loading && !done && <Sentinel onVisible={more} />}
      </ul>
    </Modal>
  );
}
