// The operator's home and its CSV (issue 25) read the same query: ?de=YYYY-MM-DD&a=YYYY-MM-DD&por=dia|semana|mes
// (default: the last 30 days, per day, in the platform's time zone).
import { figuresQuery, type FiguresQuery } from '../../domain/wallet/schema.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/shared/intl.ts';

export const UNIT_PARAM = { dia: 'day', semana: 'week', mes: 'month' } as const;
export const PARAM_OF_UNIT = { day: 'dia', week: 'semana', month: 'mes' } as const;

const localDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

export function figuresParams(url: URL, now = new Date()) {
  const p = url.searchParams;
  const raw = {
    from: (p.get('de') ?? localDay(new Date(now.getTime() - 29 * 86_400_000))).slice(0, 20),
    to: (p.get('a') ?? localDay(now)).slice(0, 20),
    unit: UNIT_PARAM[(p.get('por') ?? 'dia') as keyof typeof UNIT_PARAM] ?? String(p.get('por')).slice(0, 20),
  };
  const parsed = figuresQuery.safeParse(raw);
  return { raw, parsed } as { raw: typeof raw; parsed: { success: true; data: FiguresQuery } | { success: false; error: import('zod').ZodError } };
}

/** The CSV's and the table's columns, in order. */
export const FIGURE_COLUMNS = ['gmv', 'commission', 'packages', 'revenue', 'refunds', 'released', 'escrow_held', 'payouts_requested', 'payouts_paid', 'payouts_rejected'] as const;
