// Calendar dates as the API takes them: "YYYY-MM-DD" naming a day that exists (browser-safe, zod only).
// The shape alone lets 2030-02-31 through, which PostgreSQL refuses when the query runs (a 500, not a 400).
import { z } from 'zod';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether "YYYY-MM-DD" names a real day of the Gregorian calendar (years 1 to 9999). */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A calendar date "YYYY-MM-DD" that exists (2030-02-31 and 2030-13-01 are refused). */
export const isoDateSchema = z.string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateFormat')
  .refine(isRealDate, 'validation.dateNotExist');
