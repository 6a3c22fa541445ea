// Clicks on the store's admin buttons before the admin island runs (issue 27: on a slow phone the first click on
// 'Productos +' or a catalogue's delete was lost). The buttons are server markup outside the island
// (data-admin-action, ./actions.ts); until the island listens, src/components/store/EarlyAdminClicks.astro marks the
// clicked one, and the island replays that click once it listens. Shared by both sides: no imports, a few bytes.
/** On <html> once the island's click listener is installed. */
export const ADMIN_READY_ATTR = 'data-admin-ready';
/** On the admin button clicked before that (the last one wins). */
export const ADMIN_PENDING_ATTR = 'data-admin-pending';

/** Marks the island ready and replays the click made before it listened, if any. */
export function replayEarlyAdminClick(doc: Document = document): void {
  doc.documentElement.setAttribute(ADMIN_READY_ATTR, '');
  const pending = doc.querySelector<HTMLElement>(`[${ADMIN_PENDING_ATTR}]`);
  if (!pending) return;
  pending.removeAttribute(ADMIN_PENDING_ATTR);
  if (pending.isConnected) pending.click();
}
