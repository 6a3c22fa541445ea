// A page's own address with the query parameters it keeps (each cut to 200 characters) and some changed: filter
// forms, sort links and notices of the resale and campaign pages. `null` or '' removes a parameter.
export function queryLink(path: string, current: URLSearchParams, keep: readonly string[], changes: Record<string, string | null> = {}): string {
  const p = new URLSearchParams();
  for (const k of keep) { const v = current.get(k); if (v) p.set(k, v.slice(0, 200)); }
  for (const [k, v] of Object.entries(changes)) if (v === null || v === '') p.delete(k); else p.set(k, v);
  const q = p.toString();
  return q ? `${path}?${q}` : path;
}
