// Dashboards (issue 25): the range a dashboard shows, as pages and the API read it (?de=YYYY-MM-DD&a=YYYY-MM-DD&por=dia|semana|mes).
import { z } from 'zod';
import { DASHBOARD_UNITS, isDay } from './rules.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateFormat').refine(isDay, 'validation.dateNotExist');
export const dashboardQuery = z.object({ from: day, to: day, unit: z.enum(DASHBOARD_UNITS, { error: 'validation.invalidOption' }) })
  .refine((q) => q.from <= q.to, { message: 'validation.invalidDate', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000, { message: 'validation.tooMany', path: ['from'] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** The URL words of the units (Spanish, as the operator console's). */
export const UNIT_PARAM = { dia: 'day', semana: 'week', mes: 'month' } as const;
export const PARAM_OF_UNIT = { day: 'dia', week: 'semana', month: 'mes' } as const;
