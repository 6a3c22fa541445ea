// The one check for every address that ends up in an href or src (issue 9): on save (the zod schemas below) and
// again at render (safeHref, safeSrc, httpOrigin), so a value written before the check, by SQL or by a seed can
// never become a javascript: link. Browser-safe (zod and the WHATWG URL parser only): the admin islands validate
// with the same rules the API applies.
//
// A value is parsed with `new URL`, the parser browsers use, so mixed case (JaVaScRiPt:) and entity-like spellings
// get no second meaning. Anything a browser would silently drop or re-read inside an address (control characters,
// tabs and newlines: 'java\tscript:'; any white space; backslashes, which browsers read as '/'; quotes and angle
// brackets) refuses the value instead of being cleaned away. Leading and trailing white space is trimmed first.
import { z } from 'zod';
import { CAROUSEL_URL_PATTERN } from './constants.ts';

/** Longest address kept. */
export const URL_MAX = 2000;

/** What a field accepts besides absolute http(s) URLs. */
export interface LinkRules {
  /** Same-site paths: '/catalogos/x', '?page=2', '#top' (never '//host' or '/\host'). */
  paths?: boolean;
  /** mailto: addresses. */
  mailto?: boolean;
  /** tel: numbers (digits, +, -, (), .). */
  tel?: boolean;
  /** A bare domain ('tienda.mx/ofertas', CAROUSEL_URL_PATTERN without a scheme) is taken as https://. */
  bareDomain?: boolean;
  /** Only https:// among absolute URLs (image sources: no mixed content). */
  httpsOnly?: boolean;
}

/** The fields' rule sets. */
export const LINK_RULES = {
  /** An absolute http(s) URL: support and contact pages, canonical addresses, the discord invite. */
  web: {},
  /** A button link an admin types (headers, banners, theme settings): http(s), a domain or a shop path. */
  shop: { paths: true, bareDomain: true },
  /** A link inside written content (blog entries): http(s), mailto, tel or a same-site path. */
  content: { paths: true, mailto: true, tel: true },
  /** An image source: https or a same-site path (our /media uploads). */
  media: { paths: true, httpsOnly: true },
  /** What any href may hold at render: http(s), mailto, tel or a same-site path. */
  render: { paths: true, mailto: true, tel: true },
} as const satisfies Record<string, LinkRules>;

// C0/C1 controls, every Unicode space and format character a browser may strip, and the characters that change
// how an address is read ('\' is '/' to a browser) or break out of an attribute.
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff"'<>`\\]/u;
const SAME_SITE = 'https://same-site.invalid';

/**
 * The address to store or render, or null when it is not allowed by `rules`. Absolute http(s) URLs are answered
 * as typed (trimmed); a bare domain gets https://.
 */
export function checkLink(raw: unknown, rules: LinkRules = LINK_RULES.web): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  if (!v || v.length > URL_MAX || UNSAFE.test(v)) return null;
  if (v.startsWith('/') || v.startsWith('?') || v.startsWith('#')) {
    if (!rules.paths || v.startsWith('//')) return null;
    // Belt and braces: the path must resolve on this site, whatever the parser makes of it.
    try { return new URL(v, SAME_SITE).origin === SAME_SITE ? v : null; } catch { return null; }
  }
  if (rules.bareDomain && !/^https?:\/\//i.test(v) && CAROUSEL_URL_PATTERN.test(v)) {
    return checkLink(`https://${v}`, { ...rules, bareDomain: false });
  }
  let url: URL;
  try { url = new URL(v); } catch { return null; }
  switch (url.protocol) {
    case 'https:': return url.hostname ? v : null;
    case 'http:': return url.hostname && !rules.httpsOnly ? v : null;
    case 'mailto:': return rules.mailto && /^[^@]+@[^@]+$/.test(decodeSafely(url.pathname)) ? v : null;
    case 'tel:': return rules.tel && /^\+?[\d().-]{3,32}$/.test(url.pathname) ? v : null;
    default: return null;
  }
}

function decodeSafely(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

// ---------- on save: zod ----------

/** A zod string field checked by `rules`; answers the normalised address. Empty text is the caller's concern. */
export function linkSchema(rules: LinkRules, message: string) {
  return z.string().max(URL_MAX, 'validation.tooLong').transform((v, ctx) => {
    const ok = checkLink(v, rules);
    if (ok === null) { ctx.addIssue({ code: 'custom', message }); return z.NEVER; }
    return ok;
  });
}

export const HTTP_URL_MESSAGE = 'validation.invalidUrl';
export const SHOP_LINK_MESSAGE = 'validation.shopLink';

/** An absolute http(s) URL (the discord invite, the support page). */
export const httpUrlSchema = linkSchema(LINK_RULES.web, HTTP_URL_MESSAGE);
/** A button link: http(s), a bare domain (given https://) or a shop path. */
export const shopLinkSchema = linkSchema(LINK_RULES.shop, SHOP_LINK_MESSAGE);
/** An image source: https or a same-site path. */
export const mediaSrcSchema = linkSchema(LINK_RULES.media, 'validation.imageLink');

/** A header or banner button link, normalised (a bare domain gets https://), or null when refused. */
export function normaliseLink(input: string): string | null {
  return checkLink(input, LINK_RULES.shop);
}

/**
 * A carousel slide link (seed 000 §5, seed 001 §5): a same-site path, or an address matching CAROUSEL_URL_PATTERN
 * (optional http(s) and www, a domain, a TLD of at least 2 letters, optional path; a bare domain gets https://).
 * Null when refused.
 */
export function normaliseCarouselLink(input: string): string | null {
  const v = input.trim();
  if (v.startsWith('/')) return checkLink(v, { paths: true });
  return CAROUSEL_URL_PATTERN.test(v) ? checkLink(v, { bareDomain: true }) : null;
}

/**
 * A slide's link in a carousel of `columns` columns (seed 000 §5): the pattern above in two-column mode; in
 * one-column mode the pattern is not applied, only the shared link check (http(s), a bare domain, a shop path).
 * Null when refused.
 */
export function normaliseSlideLink(input: string, columns: 1 | 2): string | null {
  return columns === 2 ? normaliseCarouselLink(input) : normaliseLink(input);
}

// ---------- at render ----------

/** The stored value when it is safe as an href (http(s), mailto, tel, same-site path by default), else null. */
export function safeHref(value: string | null | undefined, rules: LinkRules = LINK_RULES.render): string | null {
  return checkLink(value, rules);
}

/** The stored value when it is safe as an image source (http(s) or a same-site path), else null. */
export function safeSrc(value: string | null | undefined): string | null {
  return checkLink(value, { paths: true });
}

/** The origin of a stored absolute http(s) URL (a shop's canonical_url), else null. */
export function httpOrigin(value: string | null | undefined): string | null {
  const v = checkLink(value, LINK_RULES.web);
  return v ? new URL(v).origin : null;
}
