// Live product events on storefront grids (seed 000 §4): every element marked data-live-items (the item type it
// shows, or "any") with data-shop gets the shop's server-sent events (GET /api/shops/{slug}/events). On an
// event the card fragment ({base}/fragments/card/{id}, ?catalogue={slug} for a catalogue grid) says how the
// item looks now: it replaces the card, is inserted in order (data-pos, when the grid takes insertions), or,
// on 404, the card goes. Vanilla TypeScript, no framework; one connection per page.
//
// Grid attributes: data-live-items (product|service|experience|any), data-shop (slug), data-catalogue (slug),
// data-sort (insertions only in queue_position order), data-live-insert="false" (replace and remove only:
// search results, later pages), data-limit (cards a page shows; default the count rendered).
type Ev = { product_id?: string; op: string };

const grids = [...document.querySelectorAll<HTMLElement>('[data-live-items][data-shop]')];
const slug = grids[0]?.dataset.shop;
if (slug) {
  const path = location.pathname;
  const base = path === `/${slug}` || path.startsWith(`/${slug}/`) ? `/${slug}` : '';
  for (const g of grids) g.dataset.limit ??= String(cards(g).length);
  const source = new EventSource(`/api/shops/${encodeURIComponent(slug)}/events`);
  source.addEventListener('product', (m) => {
    let e: Ev;
    try { e = JSON.parse((m as MessageEvent<string>).data) as Ev; } catch { return; }
    for (const g of grids) {
      const ids = e.product_id ? [e.product_id] : cards(g).map((c) => c.dataset.itemId!);
      for (const id of ids) void refresh(g, id, base);
    }
  });
  addEventListener('pagehide', () => source.close());
}

function cards(grid: HTMLElement): HTMLElement[] {
  return [...grid.querySelectorAll<HTMLElement>(':scope > [data-item-id]')];
}

async function refresh(grid: HTMLElement, id: string, base: string) {
  const d = grid.dataset;
  const q = d.catalogue ? `?catalogue=${encodeURIComponent(d.catalogue)}` : '';
  let r: Response;
  try { r = await fetch(`${base}/fragments/card/${encodeURIComponent(id)}${q}`, { headers: { accept: 'text/html' } }); } catch { return; }
  const old = cards(grid).find((c) => c.dataset.itemId === id);
  const type = r.headers.get('x-item-type');
  if (r.status === 404 || (r.ok && d.liveItems !== 'any' && type !== d.liveItems)) { old?.remove(); return; }
  if (!r.ok) return;
  const t = document.createElement('template');
  t.innerHTML = (await r.text()).trim();
  const card = t.content.firstElementChild as HTMLElement | null;
  if (!card) return;
  const pos = r.headers.get('x-queue-position');
  if (pos !== null) card.dataset.pos = pos;
  const ordered = d.sort === 'queue_position' && pos !== null;
  if (old) {
    const after = ordered ? cards(grid).find((c) => c !== old && c.dataset.pos !== undefined && Number(c.dataset.pos) > Number(pos)) : undefined;
    if (after) { old.remove(); grid.insertBefore(card, after); } else old.replaceWith(card);
    return;
  }
  if (d.liveInsert === 'false' || d.sort !== 'queue_position') return;
  const list = cards(grid);
  const after = ordered ? list.find((c) => c.dataset.pos !== undefined && Number(c.dataset.pos) > Number(pos)) : undefined;
  if (after) grid.insertBefore(card, after);
  else if (list.length < Number(d.limit)) grid.append(card);
  else return;
  const now = cards(grid);
  if (now.length > Number(d.limit)) now.at(-1)!.remove();
}
