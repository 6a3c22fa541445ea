// Pure rules of the promoted network: when a sign-up joins the tree, what the tracking cookies may hold, and the
// calendar days of the referred-people filters in the shop's time zone.
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';
import { SLUG_PATTERN, RESERVED_SLUGS } from '../../lib/shared/reserved-slugs.ts';

/** What a tracking cookie may hold (the middleware's own rule for campaign and click id: src/domain/shops/service.ts). */
export function cleanTrackingValue(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && /^[\w.:~-]{1,100}$/.test(v) ? v : null;
}

export interface JoinCandidate {
  child: string;
  parent: string | null;
  /** Whether the parent already sits below the child (only possible with data written outside sign-up). */
  parentBelowChild: boolean;
  /** Whether the child already has a parent. */
  childHasParent: boolean;
}

/**
 * Whether a sign-up joins the referral tree under `parent`: there is a parent, it is not the person themself, the
 * person has no parent yet (never two parents), and the parent is not below them (no cycle).
 */
export function mayJoin(c: JoinCandidate): boolean {
  return c.parent !== null && c.parent !== c.child && !c.childHasParent && !c.parentBelowChild;
}

/** The shop a same-site address belongs to ('/demo-03/productos/…' -> 'demo-03'), or null for platform paths. */
export function shopSlugOfPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return null;
  const first = (path.split(/[/?#]/)[1] ?? '').toLowerCase();
  return first && !RESERVED_SLUGS.has(first) && SLUG_PATTERN.test(first) ? first : null;
}

/** The instant a calendar day ('2026-01-05') begins in `timeZone` (DST-aware; unknown zones fall back to the default). */
export function dayStartIn(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let zone = timeZone;
  try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); } catch { zone = DEFAULT_TIME_ZONE; }
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(fmt.formatToParts(t).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - t;
  };
  // Two passes: the offset at the guessed instant, then at the corrected one (a DST change near midnight).
  let t = utc - offsetAt(utc);
  t = utc - offsetAt(t);
  return new Date(t);
}

/** [from, to) of the days start..end (both included) in `timeZone`. */
export function dayRange(start: string | undefined, end: string | undefined, timeZone?: string): { from?: Date; to?: Date } {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    ...(start ? { from: dayStartIn(start, timeZone) } : {}),
    ...(end ? { to: dayStartIn(next(end), timeZone) } : {}),
  };
}

/** A profile's first image, or null. */
export function firstImage(images: unknown): string | null {
  return Array.isArray(images) && typeof images[0] === 'string' ? images[0] : null;
}
