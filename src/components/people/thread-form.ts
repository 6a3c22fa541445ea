// The advisor thread pages' form without script (issue 26): both sides' pages read the posted `body`, check it with
// the API's schema and add it through the same service, then answer 303 back (?aviso=enviado#ultimo) or keep the
// typed text with the field's error in the request's language (400).
import type { Db } from '../../db/client.ts';
import { postMessage, threadAccess } from '../../domain/people/messages.ts';
import { advisorMessageInput, ADVISOR_MESSAGE_MAX } from '../../domain/people/schema.ts';
import type { ShopRow } from '../../domain/shops/index.ts';
import type { Translator } from '../../lib/i18n/index.ts';
import { errorText, issuesText } from '../../lib/i18n/validation.ts';
import { readForm } from '../../lib/server/body.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';

export type ThreadFormOutcome = { sent: true } | { error: string; value: string };

/**
 * Reads and posts the form. Whether the viewer is a party of the thread is checked before the body is read (a refused
 * request is answered with the 404 page, which a read body would keep the page from rewriting to).
 */
export async function threadForm(db: Db, shop: ShopRow, viewer: Viewer, request: Request, t: Translator): Promise<ThreadFormOutcome> {
  await threadAccess(db, shop, viewer);
  let form: FormData;
  try { form = await readForm(request); } catch (err) {
    if (err instanceof AppError) return { error: errorText(err, t), value: '' };
    throw err;
  }
  const raw = form.get('body');
  const text = typeof raw === 'string' ? raw : '';
  // What is shown again is bounded and free of control characters (the message itself is refused, not cleaned).
  const value = text.slice(0, ADVISOR_MESSAGE_MAX * 2).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  const parsed = advisorMessageInput.safeParse({ body: text });
  if (!parsed.success) return { error: issuesText(parsed.error.issues, t), value };
  await postMessage(db, shop, viewer, parsed.data);
  return { sent: true };
}
