// What the operator's console forms accept (issue 25).
import { z } from 'zod';
import { USER_LEVELS } from './rules.ts';

/** A string a person typed: trimmed, bounded, no control characters (NUL included). */
const typed = (max: number) => z.string().trim().max(max, 'validation.tooLong').regex(/^[^\u0000-\u001f\u007f]*$/, 'validation.invalidCharacters');

/** Suspending or re-enabling a supplier, disabling or re-enabling a shop: why (kept with it and in the audit log). */
export const suspensionInput = z.object({ reason: typed(300).pipe(z.string().min(3, 'validation.tooShort')) });

/** A user's new level. */
export const userLevelInput = z.object({ level: z.enum(USER_LEVELS, { error: 'validation.invalidOption' }) });
