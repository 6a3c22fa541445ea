// What every page of the operator's console (/apps/operador) decides first: signed out -> the sign-in page (and
// back); signed in but not the platform operator (ul3, requireOperator) -> 403; else the page.
import type { Viewer } from '../../lib/shared/viewer.ts';
import { requireOperator } from '../../domain/wallet/service.ts';
import { AppError } from '../../lib/shared/errors.ts';

export type OperatorAccess = { kind: 'login'; href: string } | { kind: 'denied' } | { kind: 'ok' };

export function operatorPageAccess(viewer: Viewer, url: URL): OperatorAccess {
  if (viewer.kind !== 'user') return { kind: 'login', href: `/login?next=${encodeURIComponent(url.pathname + url.search)}` };
  try {
    requireOperator(viewer);
    return { kind: 'ok' };
  } catch (err) {
    if (err instanceof AppError && err.code === 'forbidden') return { kind: 'denied' };
    throw err;
  }
}

/** An id from a form or an address: a UUID, else null (never reaches SQL as something else). */
export const uuidOrNull = (s: string | null | undefined) => (s && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ? s.toLowerCase() : null);
