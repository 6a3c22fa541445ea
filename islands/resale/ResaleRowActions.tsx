// One row's actions on the reseller's referral products tab (seed 001 §2, §4, §8): add to the store, remove from it
// (a 5 s delayed removal with an undo button; the DELETE goes out only when the time is up; a failed removal goes
// back to 'in store' without a message), and add to one of the shop's catalogues (an item not in the store is put
// there first). Before hydration (or without script) both are plain POST forms to the page, which does the same
// through the services and answers 303. Toasts (top right, 6 s): success, the franchise warning (invalid_product)
// or the error. Texts come from the page.
import { useEffect, useRef, useState } from 'react';
import { AdminApi, type ApiError } from '../admin/api.ts';
import IslandForm, { useHydrated } from '../shared/form.tsx';
import { ERROR_TOAST_MS as RESALE_TOAST_MS } from '../admin/ui.tsx';
import { RESALE_REMOVAL_UNDO_MS as REMOVAL_UNDO_MS } from '../../src/domain/resale/schema.ts';

export interface ResaleRowLabels {
  add: string; remove: string; inStore: string; removing: string; undo: string; addToCatalogue: string; chooseCatalogue: string;
  added: string; removed: string; addedToCatalogue: string; alreadyInCatalogue: string; onlyFranchise: string; addError: string;
  genericError: string; successTitle: string; warningTitle: string; errorTitle: string; close: string;
}
export interface ResaleRowProps {
  shopSlug: string;
  productId: string;
  name: string;
  inStore: boolean;
  /** Whether the store may take it (resellable, the franchise's); otherwise only removal is offered. */
  canAdd: boolean;
  catalogues: { id: string; name: string }[];
  /** The page address the forms post to before hydration (op, product, catalogue). */
  action: string;
  labels: ResaleRowLabels;
  /** Origin of the API (tests); same origin by default. */
  apiBase?: string;
  /** Told when the item went into or out of the store. */
  onChange?: (inStore: boolean) => void;
}
type Toast = { kind: 'success' | 'warning' | 'error'; message: string };

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
const fieldCode = (e: unknown, field: string): string | null => {
  // The answer's field_codes: its fields are texts in the reader's language.
  return (e as ApiError | null)?.field_codes?.[field]?.[0] ?? null;
};

export default function ResaleRowActions({ shopSlug, productId, name, inStore: initial, canAdd, catalogues, action, labels, apiBase = '', onChange }: ResaleRowProps) {
  const [api] = useState(() => new AdminApi(shopSlug, apiBase));
  const hydrated = useHydrated();
  const [inStore, setInStore] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const [catalogue, setCatalogue] = useState(catalogues[0]?.id ?? '');
  const [toast, setToast] = useState<Toast | null>(null);
  const timers = useRef<{ removal?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval>; toast?: ReturnType<typeof setTimeout> }>({});
  const pending = useRef(false);
  // Unmounted while a removal waits (the window closed, the list filtered again): it is sent now rather than lost.
  useEffect(() => () => {
    for (const t of Object.values(timers.current)) { clearTimeout(t); clearInterval(t); }
    if (pending.current) void api.call('DELETE', `/admin/store-products/${encodeURIComponent(productId)}`).catch(() => {});
  }, [api, productId]);

  const show = (t: Toast) => {
    setToast(t);
    clearTimeout(timers.current.toast);
    timers.current.toast = setTimeout(() => setToast(null), RESALE_TOAST_MS);
  };
  const addFailure = (e: unknown) => show(fieldCode(e, 'product_id') === 'invalid_product'
    ? { kind: 'warning', message: labels.onlyFranchise }
    : { kind: 'error', message: labels.addError });

  async function add() {
    setBusy(true);
    try {
      await api.call('PUT', `/admin/store-products/${encodeURIComponent(productId)}`);
      setInStore(true); onChange?.(true);
      show({ kind: 'success', message: labels.added });
    } catch (e) { addFailure(e); }
    finally { setBusy(false); }
  }

  const stopCountdown = () => { pending.current = false; clearTimeout(timers.current.removal); clearInterval(timers.current.tick); setLeft(null); };
  function startRemoval() {
    const until = Date.now() + REMOVAL_UNDO_MS;
    pending.current = true;
    setLeft(Math.ceil(REMOVAL_UNDO_MS / 1000));
    timers.current.tick = setInterval(() => setLeft(Math.max(1, Math.ceil((until - Date.now()) / 1000))), 250);
    timers.current.removal = setTimeout(() => {
      stopCountdown();
      setBusy(true);
      api.call('DELETE', `/admin/store-products/${encodeURIComponent(productId)}`)
        // Busy ends in the same update as the new state: a click on 'add' right after is never dropped as busy.
        .then(() => { setBusy(false); setInStore(false); onChange?.(false); show({ kind: 'success', message: labels.removed }); }, () => setBusy(false));
    }, REMOVAL_UNDO_MS);
  }

  async function toCatalogue() {
    const target = catalogues.find((c) => c.id === catalogue);
    if (!target) return;
    setBusy(true);
    try {
      if (!inStore) { await api.call('PUT', `/admin/store-products/${encodeURIComponent(productId)}`); setInStore(true); onChange?.(true); }
      await api.call('POST', `/admin/catalogues/${encodeURIComponent(target.id)}/products`, { product_id: productId });
      show({ kind: 'success', message: fill(labels.addedToCatalogue, { name: target.name }) });
    } catch (e) {
      if ((e as ApiError).status === 409 && fieldCode(e, 'product_id') !== 'invalid_product') show({ kind: 'success', message: fill(labels.alreadyInCatalogue, { name: target.name }) });
      else addFailure(e);
    } finally { setBusy(false); }
  }

  const onStore = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    if (left !== null) return;
    if (inStore) startRemoval(); else void add();
  };
  const onCatalogue = (e: { preventDefault: () => void }) => { e.preventDefault(); if (!busy && left === null) void toCatalogue(); };
  const removing = left !== null;

  return (
    <div className="rs-actions" data-hydrated={hydrated ? 'true' : undefined}>
      {removing ? (
        <p className="rs-removing" role="status">
          <span>{fill(labels.removing, { seconds: left })}</span>
          <button type="button" className="rs-btn rs-undo" onClick={stopCountdown}>{labels.undo}</button>
        </p>
      ) : (inStore || canAdd) && (
        <IslandForm action={action} onSubmit={onStore} fields={{ op: inStore ? 'remove' : 'add', product: productId }}>
          {inStore && <span className="rs-in-store">✓ {labels.inStore}</span>}
          <button type="submit" className={`rs-btn${inStore ? ' rs-secondary' : ''}`} aria-busy={busy || undefined} aria-label={`${inStore ? labels.remove : labels.add}: ${name}`}>
            {inStore ? labels.remove : labels.add}
          </button>
        </IslandForm>
      )}
      {catalogues.length > 0 && (inStore || canAdd) && (
        <IslandForm action={action} className="rs-catalogue" onSubmit={onCatalogue} fields={{ op: 'catalogue', product: productId }}>
          <select name="catalogue" aria-label={`${labels.chooseCatalogue}: ${name}`} value={catalogue} onChange={(e) => setCatalogue(e.target.value)} disabled={removing}>
            {catalogues.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          <button type="submit" className="rs-btn rs-secondary" disabled={removing} aria-label={`${labels.addToCatalogue}: ${name}`}>{labels.addToCatalogue}</button>
        </IslandForm>
      )}
      {toast && (
        <div className={`rs-toast rs-${toast.kind}`} role={toast.kind === 'success' ? 'status' : 'alert'} data-testid="resale-toast">
          <strong>{toast.kind === 'success' ? labels.successTitle : toast.kind === 'warning' ? labels.warningTitle : labels.errorTitle}</strong>
          <span>{toast.message}</span>
          <button type="button" className="rs-toast-close" aria-label={labels.close} onClick={() => setToast(null)}>×</button>
        </div>
      )}
    </div>
  );
}
