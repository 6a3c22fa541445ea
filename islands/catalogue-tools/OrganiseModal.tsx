// Order and removal inside a catalogue (issue 13; seed 001 §4, §8, §9): one card per item with its zero-based
// position (a number input and a Move button: the keyboard way) and a drag handle (HTML5 drag and drop with a mouse;
// touch screens get no HTML5 drag events, so a finger on the handle drags by pointer events: the fast way). A move blocks the list with an overlay, says so, and 8 s later clears it and reloads the list; a 400
// updating_position_error is the 'try later' warning. Removal waits 5 s, cancellable from the card or the 4 s
// warning toast; then the card goes and the count drops by one.
import { useCallback, useEffect, useRef, useState, type FormEvent, type PointerEvent } from 'react';
import { formatNumber } from '../../src/lib/shared/intl.ts';
import { ADMIN_ITEMS_PAGE_SIZE, POSITION_REFRESH_MS, REMOVAL_TOAST_MS, REMOVAL_UNDO_MS, type AdminItem } from '../../src/domain/catalogue-tools/schema.ts';
import type { AdminApi, ApiError } from '../admin/api.ts';
import { Sentinel, formatPrice, useInfiniteList, type Page } from '../admin/infinite.tsx';
import { ERROR_TOAST_MS, Modal, SUCCESS_TOAST_MS, useToasts } from '../admin/ui.tsx';
import IslandForm from '../shared/form.tsx';
import { fmt, type ToolLabels } from './labels.ts';
import type { ToolCatalogue } from './AddProductsModal.tsx';

export default function OrganiseModal({ api, labels, locale, catalogue, onClose }: {
  api: AdminApi; labels: ToolLabels; locale?: string; catalogue: ToolCatalogue; onClose: (changed: boolean) => void;
}) {
  const { push, dismiss } = useToasts();
  const [gen, setGen] = useState(0);
  // gen: a new loader (after a move) reloads the list from the first page.
  const load = useCallback((offset: number) => {
    void gen;
    return api.get<Page<AdminItem>>(`/admin/catalogues/${catalogue.id}/items?offset=${offset}&limit=${ADMIN_ITEMS_PAGE_SIZE}`);
  }, [api, catalogue.id, gen]);
  const { items, setItems, total, loading, done, more } = useInfiniteList(load, ADMIN_ITEMS_PAGE_SIZE, () => {});
  const [removedCount, setRemovedCount] = useState(0);
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [overlay, setOverlay] = useState<null | 'busy' | 'done'>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const changed = useRef(false);
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; toast: number }>());
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => { setRemovedCount(0); }, [gen]);
  useEffect(() => () => {
    for (const t of timers.current.values()) clearTimeout(t.timer);
    if (refresh.current) clearTimeout(refresh.current);
  }, []);

  const mark = (id: string, on: boolean) => setRemoving((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });
  const undo = (id: string) => {
    const t = timers.current.get(id);
    if (!t) return;
    clearTimeout(t.timer); dismiss(t.toast); timers.current.delete(id); mark(id, false);
  };
  const startRemove = (it: AdminItem) => {
    if (timers.current.has(it.product_id)) return;
    mark(it.product_id, true);
    const toast = push({ kind: 'warning', message: fmt(labels.willRemove, { name: it.name }), ms: REMOVAL_TOAST_MS, action: { label: labels.undo, run: () => undo(it.product_id) } });
    const timer = setTimeout(async () => {
      timers.current.delete(it.product_id);
      try {
        await api.call('DELETE', `/admin/catalogues/${catalogue.id}/products/${encodeURIComponent(it.product_id)}`);
        setItems((all) => all && all.filter((x) => x.product_id !== it.product_id).map((x) => (x.queue_position > it.queue_position ? { ...x, queue_position: x.queue_position - 1 } : x)));
        setRemovedCount((n) => n + 1);
        changed.current = true;
        push({ kind: 'success', message: labels.removed, ms: SUCCESS_TOAST_MS });
      } catch {
        push({ kind: 'error', title: labels.errorTitle, message: labels.removeError, ms: ERROR_TOAST_MS });
      } finally { mark(it.product_id, false); }
    }, REMOVAL_UNDO_MS);
    timers.current.set(it.product_id, { timer, toast });
  };

  const move = async (it: AdminItem, to: number) => {
    if (overlay || !Number.isInteger(to) || to < 0 || to === it.queue_position) return;
    setOverlay('busy');
    try {
      await api.call('POST', `/admin/catalogues/${catalogue.id}/products/move`, { product_id: it.product_id, queue_position: to });
      changed.current = true;
      setOverlay('done');
      push({ kind: 'success', message: labels.positionUpdated, ms: SUCCESS_TOAST_MS });
      // Seed 001 §4: after 8 s the overlay clears and the list reloads.
      refresh.current = setTimeout(() => { refresh.current = null; setOverlay(null); setGen((g) => g + 1); }, POSITION_REFRESH_MS);
    } catch (e) {
      setOverlay(null);
      const err = e as ApiError;
      if (err?.status === 400 && err.code === 'updating_position_error') push({ kind: 'warning', message: labels.positionTryLater, ms: ERROR_TOAST_MS });
      else push({ kind: 'error', title: labels.errorTitle, message: labels.positionError, ms: ERROR_TOAST_MS });
    }
  };
  const submitPosition = (it: AdminItem) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get('queue_position');
    const to = Number(raw);
    if (raw === null || raw === '' || !Number.isInteger(to)) return;
    void move(it, to);
  };
  const drop = (target: AdminItem) => {
    const from = items?.find((x) => x.product_id === dragged);
    setDragged(null); setOver(null);
    if (from && from.product_id !== target.product_id) void move(from, target.queue_position);
  };
  // Touch: the handle captures the pointer; the card under the finger is the target; lifting drops there.
  const cardAt = (x: number, y: number) => (document.elementFromPoint(x, y)?.closest('[data-product-id]') as HTMLElement | null)?.dataset.productId ?? null;
  const touchDrag = (it: AdminItem) => ({
    onPointerDown: (e: PointerEvent<HTMLSpanElement>) => {
      if (e.pointerType === 'mouse' || overlay !== null || removing.has(it.product_id)) return;
      try { e.currentTarget.setPointerCapture(e.pointerId); } catch { /* a pointer that is already gone */ }
      setDragged(it.product_id);
    },
    onPointerMove: (e: PointerEvent<HTMLSpanElement>) => { if (e.pointerType !== 'mouse' && dragged === it.product_id) setOver(cardAt(e.clientX, e.clientY)); },
    onPointerUp: (e: PointerEvent<HTMLSpanElement>) => {
      if (e.pointerType === 'mouse' || dragged !== it.product_id) return;
      const target = items?.find((x) => x.product_id === cardAt(e.clientX, e.clientY));
      if (target) drop(target); else { setDragged(null); setOver(null); }
    },
    onPointerCancel: () => { setDragged(null); setOver(null); },
  });
  const count = Math.max(0, total - removedCount);
  const close = () => { if (overlay === 'busy') return; onClose(changed.current); };

  return (
    <Modal title={labels.organiseTitle} onClose={close} closeLabel={labels.close} wide>
      <div className="ct-organise" aria-busy={overlay !== null || undefined}>
        <p className="adm-muted" data-testid="organise-count" role="status">{fmt(labels.count, { count: formatNumber(count, locale) })}</p>
        <p className="adm-muted">{labels.orderHint}</p>
        {items && items.length === 0 && !loading && <p>{labels.empty}</p>}
        <ol className="adm-list adm-scroll ct-cards" style={{ maxHeight: 'min(60vh, 520px)' }}>
          {(items ?? []).map((it) => {
            const isRemoving = removing.has(it.product_id);
            return (
              <li key={`${gen}-${it.product_id}`} data-testid="catalogue-item" data-product-id={it.product_id} aria-busy={isRemoving || undefined}
                className={`ct-card${over === it.product_id ? ' ct-over' : ''}${dragged === it.product_id ? ' ct-dragging' : ''}`}
                draggable={!isRemoving && overlay === null}
                onDragStart={(e) => { setDragged(it.product_id); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', it.product_id); }}
                onDragEnd={() => { setDragged(null); setOver(null); }}
                onDragOver={(e) => { if (dragged) { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; setOver(it.product_id); } }}
                onDragLeave={() => setOver((o) => (o === it.product_id ? null : o))}
                onDrop={(e) => { e.preventDefault(); drop(it); }}>
                <span className="ct-handle" aria-hidden="true" title={fmt(labels.dragHandle, { name: it.name })} {...touchDrag(it)}>⠿</span>
                {it.photo ? <img src={it.photo} alt="" className="adm-thumb-sm" loading="lazy" draggable={false} /> : <span className="adm-thumb-sm" aria-hidden="true" />}
                <span className="adm-grow">
                  {it.name}<br />
                  <small>{formatPrice(it.list_price, it.currency, locale)}{!it.visible && <> · <em>{labels.notVisible}</em></>}</small>
                </span>
                {isRemoving ? (
                  <>
                    <span className="adm-muted">{labels.removing}</span>
                    <button type="button" onClick={() => undo(it.product_id)} aria-label={`${labels.undo} ${it.name}`}>{labels.undo}</button>
                  </>
                ) : (
                  <>
                    <IslandForm className="ct-pos" onSubmit={submitPosition(it)} noValidate>
                      <label className="ct-pos-label" htmlFor={`pos-${it.product_id}`}>{labels.position}</label>
                      <input key={it.queue_position} id={`pos-${it.product_id}`} name="queue_position" type="number" min={0} step={1} inputMode="numeric" defaultValue={it.queue_position}
                        aria-label={fmt(labels.positionOf, { name: it.name })} disabled={overlay !== null} />
                      <button type="submit" disabled={overlay !== null}>{labels.move}</button>
                    </IslandForm>
                    <button type="button" className="adm-danger" onClick={() => startRemove(it)} aria-label={`${labels.remove} ${it.name}`}>{labels.remove}</button>
                  </>
                )}
              </li>
            );
          })}
          {(loading || !items) && <li className="adm-muted">{labels.loading}</li>}
          {items && !loading && !done && <Sentinel onVisible={more} />}
        </ol>
        {overlay && (
          <div className="ct-overlay" role="alert" data-testid="position-overlay">
            <p>{overlay === 'busy' ? labels.updatingPosition : labels.positionUpdated}</p>
          </div>
        )}
      </div>
    </Modal>
  );
}
