// What every user-supplied string must be before it goes any further: free of NUL bytes and lone UTF-16
// surrogates, both of which PostgreSQL refuses in text (a query with one fails, which used to be a 500).
// The request's path, query and cookies are checked once in the middleware (checkRequestUrl, unsafeCookies),
// bodies and queries of the JSON API again where they are parsed (src/lib/server/endpoint.ts, body.ts).
import { AppError } from '../shared/errors.ts';

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper JSON than this is refused: no real input nests so far (a blog's nested lists stay well within it). */
const MAX_DEPTH = 256;

export function isUnsafeText(s: string): boolean {
  return UNSAFE.test(s);
}

const invalid = (where: string) => new AppError('invalid_characters', 'The request contains characters that are not accepted (NUL or an unpaired surrogate)', {
  fields: { [where]: ['validation.invalidCharacters'] },
});

interface Node { v: unknown; key: string; parent: Node | null; depth: number }
const pathOf = (n: Node | null): string => {
  const keys: string[] = [];
  for (let at = n; at?.parent; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
};

/**
 * The path (as "a.0.b") of the first string, object key included, that is not safe text; '' for the value
 * itself; null when everything is clean. Iterative (a hostile nesting cannot overflow the stack), and each value
 * keeps only a link to its parent, so a wide and deep body costs no more than its size.
 */
export function findUnsafeString(value: unknown): string | null {
  const stack: Node[] = [{ v: value, key: '', parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const { v } = node;
    if (typeof v === 'string') {
      if (UNSAFE.test(v)) return pathOf(node);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (node.depth >= MAX_DEPTH) throw new AppError('bad_request', `The input is nested more than ${MAX_DEPTH} levels deep`);
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      if (UNSAFE.test(k)) return pathOf({ v: null, key: k.replace(UNSAFE, '?'), parent: node, depth: 0 });
      stack.push({ v: x, key: k, parent: node, depth: node.depth + 1 });
    }
  }
  return null;
}

/** Throws a 400 (invalid_characters, naming the field) when any string in `value` is not safe text. */
export function assertSafeInput(value: unknown, where: string): void {
  const at = findUnsafeString(value);
  if (at !== null) throw invalid(at ? `${where}.${at}` : where);
}

/**
 * Refuses (400) a request whose path segments or query parameters decode to unsafe text. Malformed %-escapes
 * never get this far: the server answers them before the app (scripts/serve.mjs, src/lib/server/malformed-url.ts).
 */
export function checkRequestUrl(url: URL): AppError | null {
  for (const segment of url.pathname.split('/')) {
    let decoded: string;
    try { decoded = decodeURIComponent(segment); } catch { return new AppError('malformed_url', 'The address has a malformed %-escape'); }
    if (UNSAFE.test(decoded)) return invalid('path');
  }
  for (const [k, v] of url.searchParams) {
    if (UNSAFE.test(k) || UNSAFE.test(v)) return invalid(`query.${k.replace(UNSAFE, '?')}`);
  }
  return null;
}

/**
 * Names of the cookies whose value (%-decoded, as Astro reads it) is not safe text. Cookie values reach
 * SQL too (tracking cookies at checkout); the server never sets such a cookie, so only a forged one has them.
 */
export function unsafeCookies(header: string | null): string[] {
  const names: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    try { value = decodeURIComponent(value); } catch { /* Astro keeps a value it cannot decode as it is */ }
    if (UNSAFE.test(value)) names.push(name);
  }
  return names;
}
