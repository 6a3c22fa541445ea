// Search overlay (seed 000 §2): a toggle in the shop header opens a panel with a type selector (products,
// services, experiences) and an asynchronous search. The input is focused 1 s after opening; typing is
// debounced 400 ms (§9); each change aborts the request in flight. Failed searches show nothing (§8: "Search
// failures: ... no message"). Results link to the item pages; 'see all' links to the results page.
// Only the toggle is rendered on the server; the panel is portalled into <body> while open.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { SearchResult, SearchType } from '../../src/domain/search/schema.ts';
import { formatMoney } from '../../src/lib/shared/money.ts';
import { parseMediaUrl, variantUrl } from '../../src/lib/shared/image-sizes.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_INPUT_FOCUS_DELAY_MS, SEARCH_OVERLAY_LIMIT } from './constants.ts';
import { SEARCH_TYPES, resultHref, searchUrl, seeAllHref } from './links.ts';
import { ISLAND_KEYS_EVENT, printable, takeEarlyKeys } from '../shared/early-keys.ts';
import './search.css';

export interface SearchLabels {
  types: Record<SearchType, string>;
  placeholder: string;
  /** The toggle's and the dialog's accessible name. */
  open: string;
  close: string;
  noResults: string;
  searching: string;
  seeAll: string;
  /** Optional: the type selector's group name (e.g. t('search.type')). */
  type?: string;
  /** Optional: shown instead of a price for free items. */
  free?: string;
}

/**
 * Level two (issue 13): for an entrepreneur who owns a store the server passes these and the API adds `level_two`
 * to each result; a resellable one then shows what they earn ('{{amount}}' is the money) and whether their store
 * carries it. Absent for everyone else: the plain list.
 */
export interface LevelTwoLabels { earning: string; inMyStore: string }

export interface SearchOverlayProps {
  /** '' (shop on its own host) or '/{slug}' (shop by path); prefixes every storefront link. */
  base: string;
  /** The shop's slug for the API path; defaults to the slug in `base` (path mode only). */
  slug?: string;
  /** Origin of the JSON API; '' for the same origin. */
  apiBase?: string;
  labels: SearchLabels;
  /** The page's locale (src/lib/i18n), for prices. */
  locale?: string;
  levelTwo?: LevelTwoLabels;
}

/** What the last finished request answered, keyed by type and text. */
type Answer = { key: string; ok: true; results: SearchResult[] } | { key: string; ok: false };

const ICON_SEARCH = 'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z';
const ICON_CLOSE = 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z';
const Icon = ({ d, size = 22 }: { d: string; size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={d} fill="currentColor" /></svg>
);

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type=radio]),input[type=radio]:checked,select,textarea,[tabindex]:not([tabindex="-1"])';

function thumb(photo: string | null): string | null {
  if (!photo) return null;
  const m = parseMediaUrl(photo);
  return m?.kind === 'raster' ? variantUrl(m.id, 96, 'webp') : photo;
}

function price(r: SearchResult, free?: string, locale?: string): string | null {
  if (r.hide_price) return null;
  if (r.is_free) return free ?? null;
  return Number.isInteger(r.list_price) ? formatMoney(r.list_price, r.currency, locale) : null;
}

/** A resellable result's level-two line: the earning in the item's currency, 'in your store'; nothing otherwise. */
function LevelTwo({ r, labels, locale }: { r: SearchResult; labels: LevelTwoLabels; locale?: string }) {
  const f = r.level_two;
  if (!f?.resellable) return null;
  return (
    <span className="so-l2">
      {f.earning !== null && <span className="so-earning">{labels.earning.replace('{{amount}}', formatMoney(f.earning, r.currency, locale))}</span>}
      {f.in_my_store && <span className="so-mine">{labels.inMyStore}</span>}
    </span>
  );
}

export default function SearchOverlay({ base, slug = base.replace(/^\//, ''), apiBase = '', labels, locale, levelTwo }: SearchOverlayProps) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<SearchType>('product');
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const q = text.trim();
  const key = `${type}\n${q}`;

  // Letters typed while the island was still loading (src/directives/interaction.ts replays them as 'island:keys').
  const early = useRef('');
  useEffect(() => {
    const island = toggleRef.current?.closest('astro-island');
    const onKeys = () => {
      const keys = takeEarlyKeys(toggleRef.current);
      if (!keys) return;
      early.current += keys;
      setOpen(true);
    };
    onKeys();
    island?.addEventListener(ISLAND_KEYS_EVENT, onKeys);
    return () => island?.removeEventListener(ISLAND_KEYS_EVENT, onKeys);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  // While open: the panel takes focus at once (screen readers announce the dialog), the input 1 s later
  // unless the visitor already moved into the panel; Escape closes.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.focus();
    const toInput = () => {
      const active = document.activeElement;
      if (!panel || active === panel || !panel.contains(active)) inputRef.current?.focus();
    };
    const timer = setTimeout(toInput, SEARCH_INPUT_FOCUS_DELAY_MS);
    const typed = early.current;
    if (typed) { early.current = ''; setText((t) => t + typed); toInput(); }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') { e.preventDefault(); close(); return; }
      // A letter typed before the input has focus (it takes it 1 s after opening) goes into it, not nowhere.
      if (printable(e) && (document.activeElement === panel || !panel?.contains(document.activeElement))) {
        e.preventDefault();
        setText((t) => t + e.key);
        toInput();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => { clearTimeout(timer); document.removeEventListener('keydown', onKey); };
  }, [open, close]);

  // Debounced search: nothing for empty text; a change (or closing) cancels the timer and aborts the request.
  useEffect(() => {
    if (!open || !q) return;
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(searchUrl(apiBase, slug, type, q, SEARCH_OVERLAY_LIMIT), { signal: ctrl.signal, headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`search ${res.status}`);
        const body = (await res.json()) as { results?: unknown };
        setAnswer({ key, ok: true, results: Array.isArray(body.results) ? (body.results as SearchResult[]) : [] });
      } catch {
        if (!ctrl.signal.aborted) setAnswer({ key, ok: false });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => { clearTimeout(timer); ctrl.abort(); };
  }, [open, q, type, key, apiBase, slug]);

  const trapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !panelRef.current) return;
    const els = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = els[0], last = els[els.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panelRef.current)) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && active === last) { e.preventDefault(); first.focus(); }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (q) window.location.assign(seeAllHref(base, type, q));
  };

  const busy = q !== '' && answer?.key !== key;
  const results = q !== '' && answer?.ok ? answer.results : null;
  const fresh = answer?.key === key;
  const status = busy ? labels.searching : fresh && results && results.length === 0 ? labels.noResults : '';
  const panelId = `${id}-panel`;
  const listId = `${id}-results`;

  return (
    <>
      <button ref={toggleRef} type="button" className="tool so-toggle" aria-label={labels.open} aria-haspopup="dialog"
        aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => (open ? close() : setOpen(true))}>
        <Icon d={ICON_SEARCH} />
      </button>
      {open && createPortal(
        <div className="so-overlay">
          <div className="so-scrim" aria-hidden="true" onClick={close} />
          <div ref={panelRef} id={panelId} className="so-panel" role="dialog" aria-modal="true" aria-label={labels.open} tabIndex={-1} onKeyDown={trapTab}>
            <form className="so-form" role="search" onSubmit={submit}>
              <div className="so-types" role="radiogroup" aria-label={labels.type}>
                {SEARCH_TYPES.map((t) => (
                  <label key={t} className="so-type">
                    <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => setType(t)} />
                    <span>{labels.types[t]}</span>
                  </label>
                ))}
              </div>
              <div className="so-row">
                <div className="so-field">
                  <Icon d={ICON_SEARCH} size={20} />
                  <input ref={inputRef} type="search" value={text} onChange={(e) => setText(e.target.value)}
                    placeholder={labels.placeholder} aria-label={labels.placeholder} aria-controls={listId}
                    autoComplete="off" enterKeyHint="search" maxLength={200} />
                </div>
                <button type="button" className="so-close" aria-label={labels.close} onClick={close}><Icon d={ICON_CLOSE} /></button>
              </div>
            </form>
            <p className="so-status" role="status">{status}</p>
            <ul id={listId} className="so-results" aria-busy={busy} hidden={!results?.length}>
              {results?.map((r) => {
                const src = thumb(r.photo);
                const p = price(r, labels.free, locale);
                return (
                  <li key={`${r.owner}/${r.id}`}>
                    <a href={resultHref(base, r)}>
                      {src ? <img src={src} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="so-ph" />}
                      <span className="so-text"><span className="so-name">{r.name}</span>{levelTwo && <LevelTwo r={r} labels={levelTwo} locale={locale} />}</span>
                      {p && <span className="so-price">{p}</span>}
                    </a>
                  </li>
                );
              })}
            </ul>
            {results && results.length > 0 && <a className="so-all" href={seeAllHref(base, type, q)}>{labels.seeAll}</a>}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
