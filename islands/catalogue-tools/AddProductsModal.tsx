// The add-products modal of a catalogue (issue 13; seed 001 §2 'Modals', §4, §9): search (400 ms debounce), type,
// category (15 at a time) and supplier (10 at a time) filters, an infinite list of 10 a page; each row adds its
// item to this catalogue (and to the store first when missing). 'Add all' first asks, with the count (issue 26: an
// empty filter is the whole resale catalogue, and says so), then sends the filter, shows the 'adding' state for
// 3.5 s and offers to undo the whole batch (POST .../by-filter/undo with the ids the answer gave) or to see the
// catalogue (the page reloads, as it does on closing).
import { useCallback, useEffect, useState } from 'react';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import {
  ADD_BY_FILTER_WAIT_MS, CANDIDATES_PAGE_SIZE, CATEGORY_DROPDOWN_SIZE, SEARCH_DEBOUNCE_MS, SUPPLIER_DROPDOWN_SIZE, type Candidate,
} from '../../src/domain/catalogue-tools/schema.ts';
import type { AdminApi, ApiError } from '../admin/api.ts';
import { ADMIN_SEARCH_MAX, Sentinel, formatPrice, useDebounced, useInfiniteList, useInflight, type Page } from '../admin/infinite.tsx';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, useToasts } from '../admin/ui.tsx';
import { fmt, type ToolLabels } from './labels.ts';

type ItemType = 'product' | 'service' | 'experience';
interface Facets { suppliers: { id: string; name: string }[]; categories: string[] }
export interface ToolCatalogue { id: string; name: string; slug: string; photo: string | null; num_products: number }

/** A dropdown showing `step` options at a time, with a 'more' option that shows the next `step`. */
function PagedSelect({ label, all, value, onChange, step, allLabel, moreLabel }: {
  label: string; all: { value: string; label: string }[]; value: string; onChange: (v: string) => void; step: number; allLabel: string; moreLabel: string;
}) {
  const [shown, setShown] = useState(step);
  const chosenIdx = all.findIndex((o) => o.value === value);
  const visible = all.slice(0, Math.max(shown, chosenIdx + 1));
  return (
    <Field label={label}>{(p) => (
      <select {...p} value={value} onChange={(e) => { if (e.target.value === '__more__') setShown((n) => n + step); else onChange(e.target.value); }}>
        <option value="">{allLabel}</option>
        {visible.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        {visible.length < all.length && <option value={'__more__'}>{moreLabel}</option>}
      </select>
    )}</Field>
  );
}

export default function AddProductsModal({ api, labels, locale, catalogue, onClose, reload }: {
  api: AdminApi; labels: ToolLabels; locale?: string; catalogue: ToolCatalogue; onClose: (changed: boolean) => void; reload: () => void;
}) {
  const { push } = useToasts();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<ItemType>('product');
  const [category, setCategory] = useState('');
  const [supplier, setSupplier] = useState('');
  const [facets, setFacets] = useState<Facets>({ suppliers: [], categories: [] });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [changed, setChanged] = useState(false);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [batch, setBatch] = useState<{ added_ids: string[]; added_to_store_ids: string[]; undone: boolean } | null>(null);
  const inflight = useInflight();
  useEffect(() => {
    let live = true;
    api.get<Facets>(`/admin/resale/facets?type=${type}`).then((f) => { if (live) setFacets(f); }, () => {});
    return () => { live = false; };
  }, [api, type]);
  const filter = useCallback(() => {
    const q = new URLSearchParams({ type });
    if (query) q.set('text', query);
    if (supplier) q.set('supplier', supplier);
    if (category) q.set('category', category);
    return q;
  }, [type, query, supplier, category]);
  const load = useCallback((offset: number) => {
    const q = filter();
    q.set('offset', String(offset)); q.set('limit', String(CANDIDATES_PAGE_SIZE));
    return api.get<Page<Candidate>>(`/admin/catalogues/${catalogue.id}/candidates?${q}`);
  }, [api, catalogue.id, filter]);
  const { items, setItems, total, loading, done, more } = useInfiniteList(load, CANDIDATES_PAGE_SIZE, () => {});

  const fail = (e: unknown) => {
    const franchise = (e as ApiError)?.field_codes?.product_id?.includes('invalid_product') === true;
    if (franchise) push({ kind: 'warning', message: labels.onlyFranchise, ms: ERROR_TOAST_MS });
    else push({ kind: 'error', title: labels.errorTitle, message: labels.addError, ms: ERROR_TOAST_MS });
  };
  const add = async (it: Candidate) => {
    if (busy.has(it.id) || it.in_catalogue) return;
    setBusy((s) => new Set(s).add(it.id));
    try {
      await inflight.track((async () => {
        if (!it.in_store) await api.call('PUT', `/admin/store-products/${encodeURIComponent(it.id)}`);
        await api.call('POST', `/admin/catalogues/${catalogue.id}/products`, { product_id: it.id });
      })());
      setItems((all) => all && all.map((x) => (x.id === it.id ? { ...x, in_store: true, in_catalogue: true } : x)));
      setChanged(true);
      push({ kind: 'success', message: fmt(labels.addedOne, { name: it.name }), ms: SUCCESS_TOAST_MS });
    } catch (e) { fail(e); }
    finally { setBusy((s) => { const n = new Set(s); n.delete(it.id); return n; }); }
  };
  const unfiltered = !query && !category && !supplier;
  const addAll = async () => {
    if (adding) return;
    setConfirming(false);
    setAdding(true);
    try {
      const body: Record<string, unknown> = Object.fromEntries(filter());
      if (unfiltered) body.all = true;
      const r = await inflight.track(api.call<{ added: number; added_ids: string[]; added_to_store_ids: string[] }>('POST', `/admin/catalogues/${catalogue.id}/products/by-filter`, body));
      setChanged(true);
      // Seed 001 §4: a 3.5 s 'adding' state; then the batch can be undone or the catalogue seen (the page reloads).
      setTimeout(() => { setAdding(false); setBatch({ added_ids: r.added_ids, added_to_store_ids: r.added_to_store_ids, undone: false }); }, ADD_BY_FILTER_WAIT_MS);
    } catch (e) { setAdding(false); fail(e); }
  };
  const undoAll = async () => {
    if (!batch || batch.undone || adding) return;
    setAdding(true);
    try {
      await inflight.track(api.call('POST', `/admin/catalogues/${catalogue.id}/products/by-filter/undo`, { added_ids: batch.added_ids, added_to_store_ids: batch.added_to_store_ids }));
      setBatch({ ...batch, undone: true });
      push({ kind: 'success', message: fmt(labels.undoneAll, { count: formatNumber(batch.added_ids.length, locale) }), ms: SUCCESS_TOAST_MS });
    } catch (e) { fail(e); }
    finally { setAdding(false); }
  };
  const close = async () => { if (adding) return; await inflight.settled(); onClose(changed); };
  const noResults = labels[`noResults_${type}`];
  const empty = items !== null && items.length === 0 && !loading;

  return (
    <Modal title={fmt(labels.addTitle, { name: catalogue.name })} onClose={() => void close()} closeLabel={labels.close} wide>
      <div className="adm-inline adm-top">
        <Field label={labels.search}>{(p) => <input {...p} type="search" maxLength={ADMIN_SEARCH_MAX} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
        <Field label={labels.type}>{(p) => (
          <select {...p} value={type} onChange={(e) => { setType(e.target.value as ItemType); setCategory(''); setSupplier(''); }}>
            {(['product', 'service', 'experience'] as const).map((t) => <option key={t} value={t}>{labels[`type_${t}`]}</option>)}
          </select>
        )}</Field>
        <PagedSelect key={`c-${type}`} label={labels.category} value={category} onChange={setCategory} step={CATEGORY_DROPDOWN_SIZE}
          all={facets.categories.map((c) => ({ value: c, label: c }))} allLabel={labels.allCategories} moreLabel={labels.moreOptions} />
        <PagedSelect key={`s-${type}`} label={labels.supplier} value={supplier} onChange={setSupplier} step={SUPPLIER_DROPDOWN_SIZE}
          all={facets.suppliers.map((s) => ({ value: s.id, label: s.name }))} allLabel={labels.allSuppliers} moreLabel={labels.moreOptions} />
      </div>
      <div className="adm-actions adm-top">
        <p className="adm-grow adm-muted" role="status" data-testid="candidate-count">
          {items ? (empty ? noResults : fmt(labels.resultCount, { count: formatNumber(total, locale) })) : ''}
        </p>
        <button type="button" className="adm-primary" data-testid="add-all" disabled={adding || empty || !items || confirming} onClick={() => { setBatch(null); setConfirming(true); }}>
          {fmt(labels.addAll, { count: formatNumber(total, locale) })}
        </button>
      </div>
      {confirming && (
        <div className="ct-confirm" role="alertdialog" aria-labelledby="ct-confirm-text" data-testid="add-all-confirm">
          <p id="ct-confirm-text">{fmt(unfiltered ? labels.confirmAllEmpty : labels.confirmAll, { count: formatNumber(total, locale), name: catalogue.name })}</p>
          <div className="adm-actions">
            <button type="button" onClick={() => setConfirming(false)}>{labels.cancel}</button>
            <button type="button" className="adm-primary" onClick={() => void addAll()}>{fmt(labels.confirmAllYes, { count: formatNumber(total, locale) })}</button>
          </div>
        </div>
      )}
      {adding && <p className="ct-adding" role="alert" aria-busy="true">{labels.adding}</p>}
      {batch && !adding && (
        <div className="ct-confirm" role="status" data-testid="add-all-done">
          <p>{batch.undone ? fmt(labels.undoneAll, { count: formatNumber(batch.added_ids.length, locale) })
            : fmt(labels.addedAllUndo, { count: formatNumber(batch.added_ids.length, locale), store: formatNumber(batch.added_to_store_ids.length, locale) })}</p>
          <div className="adm-actions">
            {!batch.undone && batch.added_ids.length > 0 && <button type="button" onClick={() => void undoAll()}>{labels.undoAll}</button>}
            <button type="button" className="adm-primary" onClick={reload}>{labels.seeCatalogue}</button>
          </div>
        </div>
      )}
      <ul className="adm-list adm-scroll" style={{ maxHeight: 400 }} aria-busy={loading || undefined}>
        {(items ?? []).map((it) => (
          <li key={it.id} data-testid="candidate-row">
            {it.photo ? <img src={it.photo} alt="" className="adm-thumb-sm" loading="lazy" /> : <span className="adm-thumb-sm" aria-hidden="true" />}
            <span className="adm-grow">{it.name}{it.supplier && <><br /><small>{it.supplier.name}</small></>}</span>
            <span>{formatPrice(it.list_price, it.currency, locale)}</span>
            {it.in_catalogue
              ? <span className="adm-badge">{labels.inCatalogue}</span>
              : <button type="button" className="adm-primary" aria-disabled={busy.has(it.id) || adding || undefined} aria-label={`${labels.add} ${it.name}`} onClick={() => void add(it)}>{labels.add}</button>}
          </li>
        ))}
        {(loading || !items) && <li className="adm-muted">{labels.loading}</li>}
        {items && !loading && !done && <Sentinel onVisible={more} />}
      </ul>
    </Modal>
  );
}
