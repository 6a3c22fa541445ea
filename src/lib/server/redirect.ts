// Where a `next` parameter may send a visitor after sign-in, sign-out or a payment: this site only.
const BASE = 'http://same-site.invalid';

/**
 * A same-site path to redirect to, or `fallback`. The value is parsed the way a browser would parse it (tabs and
 * newlines removed, backslashes read as slashes, `/\t/evil.example` becoming `//evil.example`), so only what
 * stays on this origin is accepted, and what is returned is the parser's serialisation: no control characters
 * can reach a Location header.
 */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next || next.length > 2000 || !next.startsWith('/')) return fallback;
  let url: URL;
  try { url = new URL(next, BASE); } catch { return fallback; }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
