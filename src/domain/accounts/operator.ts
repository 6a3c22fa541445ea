// The platform operator (user level ul3: the money reconciliation report, seed 000 §3). A production database gets
// no demo accounts (scripts/prepare-db.mjs), so the first operator is made from the command line on the server
// (`npm run operator`, scripts/operator.ts): never a published password.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './password.ts';
import { findUserByEmail, insertUserWithProfile, markEmailVerified, operatorExists, setUserLevel } from './repo.ts';
import { emailSchema, passwordSchema } from './schema.ts';

export const hasOperator = (db: Db) => operatorExists(db);

export type OperatorResult = { outcome: 'created' | 'promoted' | 'already'; email: string };

/**
 * Makes `email` a platform operator: an existing account is promoted (its password unchanged, `password` is not
 * needed); a new one is created with `password` (at least 10 characters, as at sign-up).
 */
export async function makeOperator(db: Db, input: { email: string; name?: string; password?: () => Promise<string> }): Promise<OperatorResult> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw new Error(`"${input.email}" is not an e-mail address`);
  const email = parsed.data;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.user_level === 'ul3') return { outcome: 'already', email };
    await setUserLevel(db, existing.id, 'ul3');
    return { outcome: 'promoted', email };
  }
  if (!input.password) throw new Error('A new account needs a password');
  const password = passwordSchema.safeParse(await input.password());
  if (!password.success) throw new Error('The password must have 10 to 200 characters');
  const name = (input.name?.trim() || email.split('@')[0]!).slice(0, 120);
  const slug = `${email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'operador'}-${randomBytes(3).toString('hex')}`;
  const user = await insertUserWithProfile(db, { email, name, password_hash: await hashPassword(password.data), profileSlug: slug, signup_tracking: null });
  await setUserLevel(db, user.id, 'ul3');
  // Whoever runs this command on the server vouches for the address: no code is mailed (there may be no SMTP yet).
  await markEmailVerified(db, user.id, false);
  return { outcome: 'created', email };
}
