// The answer while the database cannot be reached (src/lib/server/db-errors.ts): 503 with Retry-After, the JSON
// error shape (code database_unavailable) under /api, a short page in the visitor's language elsewhere. Nothing in
// it touches the database, and the next request after the database is back is answered as usual.
import type { Translator } from '../i18n/index.ts';
import { DATABASE_RETRY_AFTER_S } from './db-errors.ts';
import { databaseUnavailable, errorResponse } from './http.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function databaseUnavailableResponse(pathname: string, t: Translator, locale: string): Response {
  if (pathname === '/api' || pathname.startsWith('/api/')) return errorResponse(databaseUnavailable(), t);
  const title = escape(t('errors.unavailableTitle'));
  const html = `<!doctype html>
<html lang="${escape(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#222;line-height:1.5}</style>
</head><body><main><h1>${title}</h1><p>${escape(t('errors.unavailableText'))}</p></main></body></html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(DATABASE_RETRY_AFTER_S),
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
  });
}
