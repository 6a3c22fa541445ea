// What the supplier workspace pages share (server-only): who may see them, and reading money typed in a form.
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { requireSupplier, type SupplierActor } from '../../domain/suppliers/access.ts';
import type { SupplierPermission } from '../../domain/suppliers/schema.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { fieldText } from '../../lib/i18n/validation.ts';
import { decimalAmount, parseMoney } from '../../lib/shared/money.ts';

export type PageAccess = { kind: 'ok'; actor: SupplierActor } | { kind: 'login'; href: string } | { kind: 'denied' };

/** Signed out: to the login and back; signed in without a supplier (or the permission): denied (the page answers 403). */
export async function supplierPageAccess(db: Db, viewer: Viewer, url: URL, permission: SupplierPermission = 'admin'): Promise<PageAccess> {
  if (viewer.kind !== 'user') return { kind: 'login', href: `/login?next=${encodeURIComponent(url.pathname + url.search)}` };
  try {
    return { kind: 'ok', actor: await requireSupplier(db, viewer, permission) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'forbidden') return { kind: 'denied' };
    throw err;
  }
}

/**
 * An amount typed in major units ("99", "99.5", "1,299.90") as integer minor units, read by the money module
 * (parseMoney); '' is null. Text that is not an amount ("1e3", "-5", "9.999") is NaN, which the schema refuses, and
 * `error` says why in `t`'s language: the page shows it as the field's message.
 */
export function typedMoney(raw: FormDataEntryValue | null, t: Translator, currency = 'MXN'): { value: number | null; error: string | null } {
  const s = typeof raw === 'string' ? raw : '';
  if (s.trim() === '') return { value: null, error: null };
  const r = parseMoney(s, { currency });
  return r.ok ? { value: r.minor, error: null } : { value: Number.NaN, error: fieldText(r.error, t, r.vars) };
}

/** Minor units as the value of a money input ("99.00"); '' for null. */
export const majorUnits = (minor: number | null | undefined) => (minor === null || minor === undefined ? '' : decimalAmount(minor));

/** A whole number typed in a form; '' is null, anything else NaN. */
export function wholeNumber(raw: FormDataEntryValue | null): number | null {
  const s = String(raw ?? '').trim();
  if (s === '') return null;
  return /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
}

/** A trimmed text field; '' is null. */
export const textOrNull = (raw: FormDataEntryValue | null) => String(raw ?? '').trim() || null;
