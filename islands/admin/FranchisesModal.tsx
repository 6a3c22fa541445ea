// Franchises of the store (seed 001 §2, seed 000 §4): a searchable infinite list (2 a page, a 250 px scroll box),
// each row with a link to the franchise's store and an add/remove toggle. Adding is immediate; removing shows the
// row as 'Removing…' with an Undo button for 5 s before the DELETE (a failure restores it, without a message: seed 001 §6).
// Each change that went through says so in a toast ('La franquicia se agregó / eliminó de tu tienda').
// Closing the modal sends the removals still waiting and waits for the writes on their way.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LINK_RULES, safeHref } from '../../src/lib/shared/safe-url.ts';
import { serverMessage, type AdminApi } from './api.ts';
import { ADMIN_SEARCH_MAX, Sentinel, useDebounced, useInfiniteList, useInflight, type Page } from './infinite.tsx';
import { defaultLabels, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, Field, Modal, SUCCESS_TOAST_MS, UNDO_DELAY_MS, useToasts } from './ui.tsx';

export const FRANCHISE_PAGE_SIZE = 2;
export const FRANCHISE_LIST_HEIGHT = 250;
interface Franchise { id: string; slug: string; name: string; photo: string | null; canonical_url: string | null; in_store: boolean }
type Phase = 'undo' | 'busy';

export default function FranchisesModal({ api, labels = defaultLabels, onClose, onChanged }: { api: AdminApi; labels?: AdminLabels; onClose: () => void; onChanged?: () => void }) {
  const { push } = useToasts();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [phase, setPhase] = useState<ReadonlyMap<string, Phase>>(new Map());
  const timers = useRef(new Map<string, { h: ReturnType<typeof setTimeout>; f: Franchise }>());
  useEffect(() => () => { for (const t of timers.current.values()) clearTimeout(t.h); }, []);
  const inflight = useInflight();
  const fail = (e: unknown) => push({ kind: 'error', title: labels.errorTitle, message: serverMessage(e) ?? labels.genericError, ms: ERROR_TOAST_MS });
  const load = useCallback((offset: number) => {
    const q = new URLSearchParams();
    if (query) q.set('text', query);
    q.set('offset', String(offset)); q.set('limit', String(FRANCHISE_PAGE_SIZE));
    return api.get<Page<Franchise>>(`/admin/franchises?${q}`);
  }, [api, query]);
  const { items, setItems, loading, done, more } = useInfiniteList(load, FRANCHISE_PAGE_SIZE, fail);

  const mark = (id: string, p: Phase | null) => setPhase((m) => { const n = new Map(m); if (p) n.set(id, p); else n.delete(id); return n; });
  const put = (id: string, in_store: boolean) => setItems((all) => all && all.map((x) => (x.id === id ? { ...x, in_store } : x)));
  const send = async (f: Franchise, in_store: boolean) => {
    mark(f.id, 'busy');
    try {
      await inflight.track(api.call(in_store ? 'PUT' : 'DELETE', `/admin/franchises/${encodeURIComponent(f.id)}`));
      put(f.id, in_store); onChanged?.();
      // Seed 000 §8: top right, 5 s.
      push({ kind: 'success', title: labels.successTitle, message: in_store ? labels.franchiseAdded : labels.franchiseRemoved, ms: SUCCESS_TOAST_MS });
    }
    // Seed 001 §6: a failed removal clears its loading without a message (the row shows it still in the store);
    // a failed add says so.
    catch (e) { if (in_store) fail(e); }
    finally { mark(f.id, null); }
  };
  const remove = (f: Franchise) => {
    mark(f.id, 'undo');
    timers.current.set(f.id, { f, h: setTimeout(() => { timers.current.delete(f.id); void send(f, false); }, UNDO_DELAY_MS) });
  };
  const undo = (id: string) => { clearTimeout(timers.current.get(id)?.h); timers.current.delete(id); mark(id, null); };
  const close = async () => {
    const waiting = [...timers.current.values()];
    timers.current.clear();
    for (const t of waiting) { clearTimeout(t.h); void send(t.f, false); }
    await inflight.settled();
    onClose();
  };

  return (
    <Modal title={labels.franchises} onClose={() => void close()} closeLabel={labels.close}>
      <Field label={labels.search}>{(p) => <input {...p} type="search" maxLength={ADMIN_SEARCH_MAX} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
      {items && items.length === 0 && !loading && <p role="status">{labels.noFranchises}</p>}
      <ul className="adm-list adm-scroll" style={{ maxHeight: FRANCHISE_LIST_HEIGHT }} data-testid="franchise-list">
        {(items ?? []).map((f) => {
          const p = phase.get(f.id);
          return (
            <li key={f.id} data-testid="franchise-row" aria-busy={p === 'undo' || undefined}>
              {f.photo ? <img src={f.photo} alt="" className="adm-thumb-sm" loading="lazy" /> : <span className="adm-thumb-sm" aria-hidden="true" />}
              <span className="adm-grow">{p === 'undo'
                ? <span className="adm-muted">{f.name} — {labels.removing}…</span>
                : <a href={safeHref(f.canonical_url, LINK_RULES.web) ?? `/${f.slug}/`} target="_blank" rel="noopener">{f.name}</a>}</span>
              {/* One button in every state, so focus stays on it when the row switches to 'Removing…' and back. */}
              {p === 'undo'
                ? <button type="button" onClick={() => undo(f.id)}>{labels.undo}</button>
                : <button type="button" className={f.in_store ? undefined : 'adm-primary'} aria-pressed={f.in_store} aria-disabled={p === 'busy' || undefined}
                    aria-label={`${f.in_store ? labels.remove : labels.add} ${f.name}`}
                    onClick={() => { if (!p) { if (f.in_store) remove(f); else void send(f, true); } }}>
                    {f.in_store ? labels.remove : labels.add}
                  </button>}
            </li>
          );
        })}
        {(loading || !items) && <li className="adm-muted">{labels.loading}</li>}
        {items && !loading && !done && <Sentinel onVisible={more} />}
      </ul>
    </Modal>
  );
}
