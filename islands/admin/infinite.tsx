// Infinite lists of the admin modals (seed 001 §2): pages load as a sentinel row scrolls into the list's scroll box
// (IntersectionObserver rooted at the closest .adm-scroll); a new loader (changed search or filters) restarts from
// the first page and drops answers to the old one. Also the search debounce, the price format and the writes a
// closing modal waits for.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../src/lib/shared/money.ts';

export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
/** Longest search text (the storefront search's limit; the resale and franchise endpoints take twice that). */
export const ADMIN_SEARCH_MAX = 100;
export interface Page<T> { results: T[]; matches_estimated: number }

export function useInfiniteList<T>(load: (offset: number) => Promise<Page<T>>, pageSize: number, onError?: (e: unknown) => void) {
  const [items, setItems] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const gen = useRef(0);
  const busy = useRef(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const fetchPage = useCallback(async (offset: number) => {
    const g = gen.current;
    busy.current = true; setLoading(true);
    try {
      const r = await load(offset);
      if (g !== gen.current) return;
      setItems((prev) => (offset === 0 ? r.results : [...(prev ?? []), ...r.results]));
      setTotal(r.matches_estimated);
      // Only a short page ends the list: matches_estimated stops counting at 1,000 (check_at_least).
      setDone(r.results.length < pageSize);
    } catch (e) {
      if (g !== gen.current) return;
      setItems((prev) => prev ?? []); setDone(true); onErrorRef.current?.(e);
    } finally {
      if (g === gen.current) { busy.current = false; setLoading(false); }
    }
  }, [load, pageSize]);
  useEffect(() => { gen.current += 1; setItems(null); setDone(false); void fetchPage(0); }, [fetchPage]);
  const count = items?.length ?? 0;
  const more = useCallback(() => { if (!busy.current && !done && count > 0) void fetchPage(count); }, [fetchPage, done, count]);
  return { items, setItems, total, loading, done, more };
}

/** The last row of an infinite list; mounted again after each page, so a still-visible sentinel asks for the next one. */
export function Sentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const cb = useRef(onVisible);
  cb.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) cb.current(); }, { root: el.closest('.adm-scroll'), rootMargin: '0px 0px 60px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return <li ref={ref} className="adm-sentinel" aria-hidden="true" />;
}

/** Writes on their way: a modal waits for them when closing, so the page reloads (or not) after they land. */
export function useInflight() {
  const all = useRef(new Set<Promise<unknown>>());
  return useMemo(() => ({
    track<T>(p: Promise<T>): Promise<T> { all.current.add(p); p.then(() => all.current.delete(p), () => all.current.delete(p)); return p; },
    settled: () => Promise.allSettled([...all.current]),
  }), []);
}

export function useDebounced<T>(value: T, ms = ADMIN_SEARCH_DEBOUNCE_MS): T {
  const [v, setV] = useState(value);
  useEffect(() => { const h = setTimeout(() => setV(value), ms); return () => clearTimeout(h); }, [value, ms]);
  return v;
}

/** A price in minor units in the admin's language, e.g. 12345 MXN -> "$123.45" (es, en), "$ 123,45" (es-AR). */
export function formatPrice(minor: number, currency: string, locale?: string | null): string {
  try { return formatMoney(minor, currency, locale); } catch { return ''; }
}
