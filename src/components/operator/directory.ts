// What the console's directory pages (/apps/operador/proveedores, tiendas, usuarios) share: the search and page of
// the address, the address to come back to after a form, and the handling of a suspend / re-enable form (a plain
// POST to the page: 303 back with what was done, or the page again with its error and status).
import { pageNumber, searchTerm, suspensionInput } from '../../domain/operator/index.ts';
import { readForm } from '../../lib/server/body.ts';
import { errorText, fieldText } from '../../lib/i18n/validation.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { uuidOrNull } from './page.ts';

export interface Listing { term: string; page: number }

export function listingOf(url: URL): Listing {
  return { term: searchTerm(url.searchParams.get('q')), page: pageNumber(url.searchParams.get('page')) };
}

/** The list's address with its search and page (and `extra`), e.g. to come back to after a form. */
export function listingHref(path: string, l: Listing, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (l.term) p.set('q', l.term);
  if (l.page > 1) p.set('page', String(l.page));
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** A refused form: its row (null: the whole page), the reason typed, the text and the status to answer. */
export interface Refused { id: string | null; typed: string; text: string; field: boolean; status: number }

/**
 * Reads a suspend / re-enable form (`id`: the row, `action`: `on` | `off`, `reason`) and runs `act`. Answers
 * `{ done }` with the action taken, or `{ refused }`.
 */
export async function suspensionPost(request: Request, t: Translator, act: (id: string, on: boolean, reason: string) => Promise<unknown>): Promise<{ done: 'on' | 'off' } | { refused: Refused }> {
  const form = await readForm(request).catch((e: unknown) => (e instanceof AppError ? e : Promise.reject(e)));
  if (form instanceof AppError) return { refused: { id: null, typed: '', text: errorText(form, t), field: false, status: form.status } };
  const get = (k: string) => String(form.get(k) ?? '').slice(0, 1000);
  const id = uuidOrNull(get('id'));
  const action = get('action');
  const typed = get('reason');
  if (!id || (action !== 'on' && action !== 'off')) return { refused: { id: null, typed: '', text: t('operatorConsole.rowMissing'), field: false, status: 404 } };
  const parsed = suspensionInput.safeParse({ reason: typed });
  if (!parsed.success) return { refused: { id, typed: typed.slice(0, 300), text: fieldText(parsed.error.issues[0]!.message, t), field: true, status: 400 } };
  try {
    await act(id, action === 'on', parsed.data.reason);
    return { done: action };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { refused: { id, typed: typed.slice(0, 300), text: errorText(err, t), field: false, status: err.status } };
  }
}
