// Admin actions started from server-rendered markup outside the island (seed 001 §2 'Store menu'; seed 000 §4
// catalogue deletion from a card), by one click listener on the document for elements with data-admin-action:
//   add-items (data-type = product | service | experience)  opens the add-items modal of that type
//   franchises / catalogues                                  opens the franchises / My catalogues modal
//   delete-catalogue (data-id, data-name, data-products)     hides the closest [data-catalogue-card] and shows a
//     warning toast (4 s) with Cancel; 5 s later DELETE /admin/catalogues/{id}: the card leaves the DOM with a
//     success toast, or comes back with the 'not deleted' toast. Cancel restores the card and sends nothing.
import { useEffect, useRef } from 'react';
import type { AdminApi } from './api.ts';
import { replayEarlyAdminClick } from './early-clicks.ts';
import { fmt, type AdminLabels } from './labels.ts';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, UNDO_DELAY_MS, WARNING_TOAST_MS, useToasts } from './ui.tsx';

export type ResaleType = 'product' | 'service' | 'experience';
const RESALE_TYPES: readonly string[] = ['product', 'service', 'experience'];
export type PageAction = { modal: 'items'; type: ResaleType } | { modal: 'franchises' } | { modal: 'catalogues' };

export function useAdminActions(enabled: boolean, api: AdminApi, labels: AdminLabels, open: (a: PageAction) => void) {
  const { push } = useToasts();
  const latest = useRef({ api, labels, open, push });
  latest.current = { api, labels, open, push };
  const pending = useRef(new Set<string>());

  useEffect(() => {
    if (!enabled) return;
    const deleteCatalogue = (el: HTMLElement) => {
      const { api, labels, push } = latest.current;
      const id = el.dataset.id;
      if (!id || pending.current.has(id)) return;
      const name = el.dataset.name ?? '';
      const withProducts = Number(el.dataset.products) > 0;
      const card = el.closest<HTMLElement>('[data-catalogue-card]');
      const show = (on: boolean) => { if (card) card.hidden = !on; };
      pending.current.add(id);
      show(false);
      let fired = false;
      const timer = setTimeout(async () => {
        fired = true;
        try {
          await api.call('DELETE', `/admin/catalogues/${encodeURIComponent(id)}`);
          card?.remove();
          push({ kind: 'success', title: labels.successTitle, message: withProducts ? labels.catalogueRemoved : labels.catalogueDeleted, ms: SUCCESS_TOAST_MS });
        } catch {
          show(true);
          push({ kind: 'error', title: labels.errorTitle, message: labels.notDeleted, ms: ERROR_TOAST_MS });
        } finally { pending.current.delete(id); }
      }, UNDO_DELAY_MS);
      const cancel = () => {
        if (fired) return;
        clearTimeout(timer); pending.current.delete(id); show(true);
        if (el.isConnected) el.focus();
      };
      push({ kind: 'warning', message: fmt(withProducts ? labels.catalogueWillBeRemoved : labels.catalogueWillBeDeleted, { name }), ms: WARNING_TOAST_MS, action: { label: labels.cancel, run: cancel } });
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || !(e.target instanceof Element)) return;
      const el = e.target.closest<HTMLElement>('[data-admin-action]');
      if (!el) return;
      // A link with a modifier key keeps its browser meaning (new tab, window).
      if (el instanceof HTMLAnchorElement && (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)) return;
      const action = el.dataset.adminAction;
      const type = el.dataset.type ?? '';
      if (action === 'add-items' && RESALE_TYPES.includes(type)) latest.current.open({ modal: 'items', type: type as ResaleType });
      else if (action === 'franchises' || action === 'catalogues') latest.current.open({ modal: action });
      else if (action === 'delete-catalogue') deleteCatalogue(el);
      else return;
      e.preventDefault();
    };
    document.addEventListener('click', onClick);
    // A click on one of these buttons before this listener existed is replayed now (./early-clicks.ts).
    replayEarlyAdminClick();
    return () => document.removeEventListener('click', onClick);
  }, [enabled]);
}
