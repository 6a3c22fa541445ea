// The search overlay island (seed 000 §2, §8, §9): toggle, 1 s input focus, 400 ms debounce, result links,
// 'see all' with the quoted filter, silent failures, Escape. Network answered by msw; timers faked.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import SearchOverlay from '../../islands/search/SearchOverlay.tsx';
import { SEARCH_DEBOUNCE_MS, SEARCH_INPUT_FOCUS_DELAY_MS } from '../../islands/search/constants.ts';
import { seeAllHref } from '../../islands/search/links.ts';

const labels = {
  types: { product: 'Productos', service: 'Servicios', experience: 'Experiencias' },
  placeholder: '¿Qué estás buscando?', open: 'Buscar', close: 'Cerrar la búsqueda', noResults: 'No se encontraron resultados',
  searching: 'Buscando…', seeAll: 'Ver todos',
};

const requests: URL[] = [];
let reply: (url: URL) => Response = () => HttpResponse.json({ results: [], matches_estimated: 0 });

const server = setupServer(
  http.get('http://localhost/api/shops/:slug/search', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    return reply(url);
  }),
);

const item = (id: string, name: string, type = 'product', extra: object = {}) => ({
  id, owner: `owner-${id}`, name, type, photo: null, list_price: 12345, currency: 'MXN', hide_price: false, is_free: false, ...extra,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
  reply = () => HttpResponse.json({ results: [], matches_estimated: 0 });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => { cleanup(); server.resetHandlers(); vi.useRealTimers(); });
afterAll(() => server.close());

/** Lets the debounce run out and the mocked request finish. */
async function settle(ms = SEARCH_DEBOUNCE_MS) {
  await act(async () => { await vi.advanceTimersByTimeAsync(ms); });
  // msw answers asynchronously on real microtasks/IO: poll until the UI has caught up.
  for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setImmediate(r)); });
}

function openOverlay(base = '/demo-03') {
  render(<SearchOverlay base={base} slug="demo-03" apiBase="http://localhost" labels={labels} />);
  const toggle = screen.getByRole('button', { name: 'Buscar' });
  fireEvent.click(toggle);
  return { toggle, input: screen.getByRole('searchbox', { name: labels.placeholder }) as HTMLInputElement };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('SearchOverlay', () => {
  it('renders only the toggle until clicked, then a labelled dialog', () => {
    render(<SearchOverlay base="/demo-03" labels={labels} />);
    const toggle = screen.getByRole('button', { name: 'Buscar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('dialog', { name: 'Buscar' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['product', 'service', 'experience']);
  });

  it('focuses the input 1000 ms after opening', async () => {
    const { input } = openOverlay();
    await act(async () => { await vi.advanceTimersByTimeAsync(SEARCH_INPUT_FOCUS_DELAY_MS - 1); });
    expect(document.activeElement).not.toBe(input);
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(document.activeElement).toBe(input);
  });

  it('a letter typed before the input has focus goes into it (issue 27: it was dropped)', async () => {
    const { input } = openOverlay();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'c' });
    expect(input.value).toBe('c');
    expect(document.activeElement).toBe(input);
    // Shortcuts and named keys are not typing.
    fireEvent.keyDown(input.ownerDocument.body, { key: 'a', ctrlKey: true });
    expect(input.value).toBe('c');
  });

  it('letters typed while the island was loading (client:interaction hands them over) open it with them', async () => {
    const island = document.createElement('astro-island');
    island.setAttribute('data-early-keys', 'ta');
    document.body.append(island);
    render(<SearchOverlay base="/demo-03" slug="demo-03" apiBase="http://localhost" labels={labels} />, { container: island });
    const input = screen.getByRole('searchbox', { name: labels.placeholder }) as HTMLInputElement;
    expect(input.value).toBe('ta');
    expect(document.activeElement).toBe(input);
    expect(island.hasAttribute('data-early-keys')).toBe(false);
    // Later ones arrive with the directive's event.
    fireEvent.keyDown(input, { key: 'z' }); // typed into the focused input: the browser does it, not the overlay
    expect(input.value).toBe('ta');
    island.remove();
  });

  it('makes one request per 400 ms pause: typing "caf" quickly asks once', async () => {
    const { input } = openOverlay();
    type(input, 'c');
    await act(async () => { await vi.advanceTimersByTimeAsync(150); });
    type(input, 'ca');
    await act(async () => { await vi.advanceTimersByTimeAsync(150); });
    type(input, 'caf');
    await act(async () => { await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1); });
    expect(requests).toHaveLength(0);
    await settle(1);
    expect(requests).toHaveLength(1);
    const url = requests[0]!;
    expect(url.pathname).toBe('/api/shops/demo-03/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'product', text: 'caf', limit: '5' });
  });

  it('renders results as links to the item pages and a "see all" link with the quoted filter', async () => {
    reply = (url) => HttpResponse.json({
      results: [item('p1', `Café ${url.searchParams.get('type')}`), item('s1', 'Cata de café', 'service', { hide_price: true })],
      matches_estimated: 12,
    });
    const { input } = openOverlay();
    type(input, 'café');
    await settle();
    const list = screen.getByRole('list');
    const links = Array.from(list.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/demo-03/productos/owner-p1/p1', '/demo-03/servicios/owner-s1/s1']);
    expect(links[0]!.textContent).toContain('Café product');
    expect(links[0]!.textContent).toContain('$123.45');
    expect(links[1]!.textContent).not.toContain('$');
    const all = screen.getByRole('link', { name: 'Ver todos' });
    expect(all.getAttribute('href')).toBe('/demo-03/productos?filter=%22caf%C3%A9%22*');
    expect(seeAllHref('', 'experience', 'caf')).toBe('/experiencias?filter=%22caf%22*');

    // Another type searches again (after the debounce) and the 'see all' link follows it.
    fireEvent.click(screen.getByRole('radio', { name: 'Servicios' }));
    await settle();
    expect(requests.at(-1)!.searchParams.get('type')).toBe('service');
    expect(screen.getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe('/demo-03/servicios?filter=%22caf%C3%A9%22*');
  });

  it('empty text shows nothing and makes no request', async () => {
    const { input } = openOverlay();
    type(input, '   ');
    await settle(2000);
    expect(requests).toHaveLength(0);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a 500 answer shows no error text and no results', async () => {
    reply = () => HttpResponse.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 });
    const { input } = openOverlay();
    type(input, 'caf');
    await settle();
    expect(requests).toHaveLength(1);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toMatch(/Boom|error|Buscando|No se encontraron/i);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when nothing matches', async () => {
    const { input } = openOverlay();
    type(input, 'zzz');
    expect(screen.getByRole('status').textContent).toBe('Buscando…');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('No se encontraron resultados');
    expect(screen.queryByRole('link', { name: 'Ver todos' })).toBeNull();
  });

  it('aborts the request in flight when the text changes', async () => {
    let aborted = 0;
    reply = () => HttpResponse.json({ results: [item('late', 'Late')], matches_estimated: 1 });
    server.use(http.get('http://localhost/api/shops/:slug/search', async ({ request }) => {
      requests.push(new URL(request.url));
      request.signal.addEventListener('abort', () => { aborted++; });
      if (new URL(request.url).searchParams.get('text') === 'caf') await new Promise((r) => setTimeout(r, 10_000));
      return HttpResponse.json({ results: [item('cafe', 'Café')], matches_estimated: 1 });
    }));
    const { input } = openOverlay();
    type(input, 'caf');
    await act(async () => { await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS); });
    type(input, 'cafe');
    await settle();
    expect(requests.map((u) => u.searchParams.get('text'))).toEqual(['caf', 'cafe']);
    expect(aborted).toBe(1);
    expect(screen.getByRole('link', { name: /Café/ }).getAttribute('href')).toBe('/demo-03/productos/owner-cafe/cafe');
  });

  it('Escape closes the overlay and returns focus to the toggle; so does the close button', async () => {
    const { toggle } = openOverlay();
    await act(async () => { await vi.advanceTimersByTimeAsync(SEARCH_INPUT_FOCUS_DELAY_MS); });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: labels.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('uses the slug in base when no slug is given, and links without a prefix on a shop host', async () => {
    reply = () => HttpResponse.json({ results: [item('p1', 'Uno')], matches_estimated: 1 });
    render(<SearchOverlay base="/demo-04" apiBase="http://localhost" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    type(screen.getByRole('searchbox') as HTMLInputElement, 'uno');
    await settle();
    expect(requests[0]!.pathname).toBe('/api/shops/demo-04/search');
    cleanup();
    render(<SearchOverlay base="" slug="demo-04" apiBase="http://localhost" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    type(screen.getByRole('searchbox') as HTMLInputElement, 'uno');
    await settle();
    expect(screen.getByRole('link', { name: /Uno/ }).getAttribute('href')).toBe('/productos/owner-p1/p1');
  });
});

describe('SearchOverlay, level two (issue 13)', () => {
  const levelTwo = { earning: 'Ganas {{amount}}', inMyStore: 'En tu tienda' };
  const flagged = [
    item('a', 'Playera', 'product', { level_two: { resellable: true, earning: 17032, in_my_store: true } }),
    item('b', 'Pantalón', 'product', { currency: 'EUR', level_two: { resellable: true, earning: 990, in_my_store: false } }),
    item('c', 'Taza propia', 'product', { level_two: { resellable: false, earning: null, in_my_store: true } }),
  ];
  const search = async (props: { levelTwo?: typeof levelTwo }) => {
    reply = () => HttpResponse.json({ results: flagged, matches_estimated: 3 });
    render(<SearchOverlay base="/demo-03" slug="demo-03" apiBase="http://localhost" labels={labels} locale="es" {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    type(screen.getByRole('searchbox') as HTMLInputElement, 'a');
    await settle();
    return (name: RegExp) => screen.getByRole('link', { name }).textContent ?? '';
  };

  it("shows the earning in the item's currency and 'in your store' on resellable results, nothing on others", async () => {
    const row = await search({ levelTwo });
    expect(row(/Playera/)).toContain('Ganas $170.32');
    expect(row(/Playera/)).toContain('En tu tienda');
    expect(row(/Pantalón/)).toContain('Ganas €9.90');
    expect(row(/Pantalón/)).not.toContain('En tu tienda');
    // Not resellable: neither the earning nor 'in your store', though the store carries it.
    expect(row(/Taza propia/)).not.toMatch(/Ganas|En tu tienda/);
  });

  it('without the level-two labels (anonymous, ul0, ul1) the flags are not shown even when present', async () => {
    const row = await search({});
    for (const name of [/Playera/, /Pantalón/, /Taza propia/]) expect(row(name)).not.toMatch(/Ganas|En tu tienda/);
    expect(document.querySelector('.so-l2')).toBeNull();
  });
});
