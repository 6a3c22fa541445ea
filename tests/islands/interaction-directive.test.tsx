// client:interaction (src/directives/interaction.ts), the shared mechanism for what is done before an island runs
// (issue 27): a click that arrives while it loads is replayed on the same control once it runs; letters typed after
// that click are handed to the island (islands/shared/early-keys.ts); typing after a mere hover is not; "idle" also
// hydrates when the browser is idle.
import { afterEach, describe, expect, it, vi } from 'vitest';
import interaction from '../../src/directives/interaction.ts';
import { EARLY_KEYS_ATTR, ISLAND_KEYS_EVENT, takeEarlyKeys } from '../../islands/shared/early-keys.ts';

type Directive = (load: () => Promise<() => Promise<void>>, opts: { name: string; value: string }, el: HTMLElement) => void;
const directive = interaction as unknown as Directive;

function island() {
  const el = document.createElement('astro-island');
  const button = document.createElement('button');
  button.textContent = 'Duplicar catálogo';
  el.append(button);
  document.body.append(el);
  let release!: () => void;
  const hydrated = vi.fn();
  const ready = new Promise<void>((r) => { release = r; });
  const load = vi.fn(async () => { await ready; return async () => { hydrated(); button.addEventListener('click', () => clicks.push('after')); }; });
  const clicks: string[] = [];
  return { el, button, load, release, hydrated, clicks };
}
const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
const flush = async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0)); await frame(); await frame(); };

afterEach(() => { document.body.innerHTML = ''; });

describe('client:interaction', () => {
  it('a click while loading is replayed once the island runs, with the letters typed after it', async () => {
    const t = island();
    const events: string[] = [];
    t.el.addEventListener(ISLAND_KEYS_EVENT, () => events.push('keys'));
    directive(t.load, { name: 'interaction', value: '' }, t.el);
    t.button.click();
    expect(t.load).toHaveBeenCalledTimes(1);
    for (const key of ['c', 'a', 'Shift', 'f']) document.dispatchEvent(new KeyboardEvent('keydown', { key }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'v', ctrlKey: true }));
    expect(t.clicks).toEqual([]);
    t.release();
    await flush();
    expect(t.hydrated).toHaveBeenCalledTimes(1);
    expect(t.clicks).toEqual(['after']);
    expect(events).toEqual(['keys']);
    expect(t.el.getAttribute(EARLY_KEYS_ATTR)).toBe('caf');
    expect(takeEarlyKeys(t.button)).toBe('caf');
    expect(t.el.hasAttribute(EARLY_KEYS_ATTR)).toBe(false);
    // Once it runs, clicks are the island's own.
    t.button.click();
    expect(t.clicks).toEqual(['after', 'after']);
  });

  it('typing after a mere hover is not handed to the island', async () => {
    const t = island();
    directive(t.load, { name: 'interaction', value: '' }, t.el);
    t.el.dispatchEvent(new Event('pointerenter'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    t.release();
    await flush();
    expect(t.hydrated).toHaveBeenCalledTimes(1);
    expect(t.el.hasAttribute(EARLY_KEYS_ATTR)).toBe(false);
    expect(t.clicks).toEqual([]);
  });

  it('"idle" hydrates without an interaction', async () => {
    const t = island();
    directive(t.load, { name: 'interaction', value: 'idle' }, t.el);
    t.release();
    await new Promise((r) => setTimeout(r, 300));
    await flush();
    expect(t.hydrated).toHaveBeenCalledTimes(1);
  });
});
