// A dashboard's range as the URL carries it (issue 25): ?de=YYYY-MM-DD&a=YYYY-MM-DD&por=dia|semana|mes, by default
// the last 30 days of the time zone, per day. The page shows the typed values back when they are refused (400).
import { dashboardQuery, type DashboardQuery } from '../../domain/dashboards/index.ts';
import { PARAM_OF_UNIT, UNIT_PARAM } from '../../domain/dashboards/schema.ts';
import { lastDays } from '../../domain/dashboards/rules.ts';

export { PARAM_OF_UNIT };

export function dashboardParams(url: URL, timeZone: string, now = new Date()) {
  const p = url.searchParams;
  const dflt = lastDays(now, timeZone, 30);
  const raw = {
    from: (p.get('de') || dflt.from).slice(0, 20),
    to: (p.get('a') || dflt.to).slice(0, 20),
    unit: UNIT_PARAM[(p.get('por') || 'dia') as keyof typeof UNIT_PARAM] ?? String(p.get('por')).slice(0, 20),
  };
  const parsed = dashboardQuery.safeParse(raw);
  return { raw, query: parsed.success ? parsed.data : null as DashboardQuery | null, issue: parsed.success ? null : parsed.error.issues[0]!.message };
}
