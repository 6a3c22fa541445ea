// Dashboards (issue 25): the pure part. Each area's repo answers sums per calendar day of a time zone
// ('YYYY-MM-DD' keys, only days that had something); these rules turn them into the buckets a chart and its table
// show (day, week from Monday as PostgreSQL's date_trunc('week'), calendar month), every bucket of the range
// answered (empty ones with zeros), and into running balances. No I/O, no clock: the caller passes the range.
export const DASHBOARD_UNITS = ['day', 'week', 'month'] as const;
export type DashboardUnit = (typeof DASHBOARD_UNITS)[number];

const DAY_MS = 86_400_000;
const dayRe = /^\d{4}-\d{2}-\d{2}$/;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether `s` is a real calendar day written YYYY-MM-DD. */
export function isDay(s: string): boolean {
  return dayRe.test(s) && !Number.isNaN(toMs(s)) && toDay(toMs(s)) === s;
}

/** The first day of the bucket `day` falls in: itself, the Monday of its week, or the 1st of its month. */
export function bucketOf(day: string, unit: DashboardUnit): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 8)}01`;
  const ms = toMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return toDay(ms - weekday * DAY_MS);
}

/** The next bucket's first day. */
function nextBucket(start: string, unit: DashboardUnit): string {
  if (unit === 'day') return toDay(toMs(start) + DAY_MS);
  if (unit === 'week') return toDay(toMs(start) + 7 * DAY_MS);
  const d = new Date(toMs(start));
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** Every bucket that holds a day of [from, to] (both included), in order. */
export function bucketsOf(from: string, to: string, unit: DashboardUnit): string[] {
  if (!isDay(from) || !isDay(to) || from > to) return [];
  const out: string[] = [];
  for (let b = bucketOf(from, unit); b <= to; b = nextBucket(b, unit)) out.push(b);
  return out;
}

/** Every day of [from, to], both included. */
export const daysOf = (from: string, to: string) => bucketsOf(from, to, 'day');

export type Sums<K extends string> = { [k in K]: number };
export type DayRow<K extends string> = { day: string } & Sums<K>;
export type BucketRow<K extends string> = { bucket: string } & Sums<K>;

/**
 * Day rows summed into the range's buckets: every bucket of [from, to] answered in order, zeros where no day had
 * anything; days outside the range are left out (a week's bucket starting before `from` holds only the range's days).
 */
export function bucketize<K extends string>(rows: readonly DayRow<K>[], keys: readonly K[], from: string, to: string, unit: DashboardUnit): BucketRow<K>[] {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Sums<K>;
  const out = new Map(bucketsOf(from, to, unit).map((b) => [b, { bucket: b, ...zero() } as BucketRow<K>]));
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    const row = out.get(bucketOf(r.day, unit));
    if (!row) continue;
    for (const k of keys) (row as Sums<K>)[k] += Number(r[k]) || 0;
  }
  return [...out.values()];
}

/** Totals of bucket (or day) rows per key. */
export function totalsOf<K extends string>(rows: readonly Sums<K>[], keys: readonly K[]): Sums<K> {
  const t = Object.fromEntries(keys.map((k) => [k, 0])) as Sums<K>;
  for (const r of rows) for (const k of keys) t[k] += r[k];
  return t;
}

/**
 * Balances at the end of each bucket: what there was before the range plus every change up to and including the
 * bucket (the ledger's changes per bucket, as from bucketize; the opening sums from the ledger before `from`).
 */
export function runningBalances<K extends string>(opening: Sums<K>, changes: readonly BucketRow<K>[], keys: readonly K[]): BucketRow<K>[] {
  const now = { ...opening };
  return changes.map((c) => {
    for (const k of keys) now[k] += c[k];
    return { bucket: c.bucket, ...now } as BucketRow<K>;
  });
}

/** The local calendar day of an instant in a time zone (YYYY-MM-DD). */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The default range: the `days` calendar days ending today in the time zone. */
export function lastDays(now: Date, timeZone: string, days = 30): { from: string; to: string } {
  const to = localDay(now, timeZone);
  return { from: toDay(toMs(to) - (days - 1) * DAY_MS), to };
}
