// Live product events on storefront grids (seed 000 §4): every element marked data-live-items (the item type it
// shows, or "any") with data-shop gets the shop's server-sent events (GET /api/shops/{slug}/events). On an
// event the card fragment ({base}/fragments/card/{id}, ?catalogue={slug} for a catalogue grid) says how the
// item looks now: it replaces the card, is inserted, or, on 404, the card goes. When every card carries its
// position (data-pos), an ordered grid keeps the shop's order and its size. Vanilla TypeScript, no framework;
// one connection per page.
//
// Grid attributes: data-live-items (product|service|experience|any), data-shop (slug), data-catalogue (slug),
// data-sort (insertions and reordering only for "queue_position"), data-live-insert="false" (replace and
// remove only: search results, later pages), data-limit (cards a page shows; default the count rendered).
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
    // One fragment request per item and catalogue, shared by the grids that show it.
    const asked = new Map<string, Promise<Card>>();
    for (const g of grids) {
      const ids = e.product_id ? [e.product_id] : cards(g).map((c) => c.dataset.itemId!);
      for (const id of ids) {
        const url = `${base}/fragments/card/${encodeURIComponent(id)}${g.dataset.catalogue ? `?catalogue=${encodeURIComponent(g.dataset.catalogue)}` : ''}`;
        if (!asked.has(url)) asked.set(url, load(url));
        void asked.get(url)!.then((c) => place(g, id, c));
      }
    }
  });
  addEventListener('pagehide', () => source.close());
}

/** The card as the server renders it now: null when the grid must not show it, undefined on a network error. */
type Card = { html: string; type: string | null; pos: string | null } | null | undefined;

async function load(url: string): Promise<Card> {
  try {
    const r = await fetch(url, { headers: { accept: 'text/html' } });
    if (r.status === 404) return null;
    if (!r.ok) return undefined;
    return { html: (await r.text()).trim(), type: r.headers.get('x-item-type'), pos: r.headers.get('x-queue-position') };
  } catch { return undefined; }
}

function cards(grid: HTMLElement): HTMLElement[] {
  return [...grid.querySelectorAll<HTMLElement>(':scope > [data-item-id]')];
}

function place(grid: HTMLElement, id: string, c: Card) {
  if (c === undefined) return;
  const d = grid.dataset;
  const old = cards(grid).find((x) => x.dataset.itemId === id);
  if (c === null || (d.liveItems !== 'any' && c.type !== d.liveItems)) { old?.remove(); return; }
  const t = document.createElement('template');
  t.innerHTML = c.html;
  const card = t.content.firstElementChild as HTMLElement | null;
  if (!card) return;
  if (c.pos !== null) card.dataset.pos = c.pos;
  const ordered = d.sort === 'queue_position';
  if (old) old.replaceWith(card);
  else {
    if (d.liveInsert === 'false' || !ordered) return;
    const list = cards(grid);
    // Without every card's position, only a grid with room takes a new card (at the end).
    if (list.some((x) => x.dataset.pos === undefined) && list.length >= Number(d.limit)) return;
    grid.append(card);
  }
  const list = cards(grid);
  if (!ordered || list.some((x) => x.dataset.pos === undefined)) return;
  // Every position known: the grid follows the shop's order and keeps its size.
  list.sort((a, b) => Number(a.dataset.pos) - Number(b.dataset.pos));
  if (list.some((x, i) => grid.children[i] !== x)) for (const x of list) grid.append(x);
  if (list.length > Number(d.limit)) list.at(-1)!.remove();
}
