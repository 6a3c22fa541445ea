// Addresses with a malformed %-escape (/api/shops/%E0%A4%A, /demo-03/%ZZ, ?q=%) cannot become a URL the app
// can decode. The Node adapter's own server answered them with a bare text 400; the server we start
// (scripts/serve.mjs) asks this first: API addresses get the JSON error shape, pages the 400 page.
// Runs outside the app (plain Node, no Astro), so it only imports browser-safe code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getT, resolveLocale } from '../i18n/index.ts';
import { localizedErrorBody } from '../i18n/validation.ts';
import { AppError } from '../shared/errors.ts';

/** The page every bad page request is answered with (status 400). */
export const BAD_REQUEST_PAGE = '/errors/solicitud-invalida';

/**
 * For a request whose address does not decode: answers it (API, true) or points it at the 400 page (false,
 * with req.url changed). A well-formed address is left alone (false).
 */
export function answerMalformedUrl(req: IncomingMessage, res: ServerResponse): boolean {
  const raw = req.url ?? '/';
  try {
    decodeURI(raw);
    return false;
  } catch { /* malformed: answered below */ }
  const path = raw.split('?')[0]!;
  if (path === '/api' || path.startsWith('/api/')) {
    const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
    const t = getT(resolveLocale({ cookie, acceptLanguage: req.headers['accept-language'] }));
    const body = JSON.stringify(localizedErrorBody(new AppError('malformed_url', 'The address has a malformed %-escape'), t));
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return true;
  }
  req.url = BAD_REQUEST_PAGE;
  return false;
}
