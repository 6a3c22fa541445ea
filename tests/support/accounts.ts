// Service-level sign-up as a person does it (issue 23): sign up, read the code the sign-up mailed (the outbox table),
// prove the e-mail with it. Answers the signed-in user.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema/index.ts';
import type { SignupInput } from '../../src/domain/accounts/schema.ts';
import { signup, verifyPin } from '../../src/domain/accounts/service.ts';
import { getT } from '../../src/lib/i18n/index.ts';

export async function mailedCodeIn(db: Db, email: string): Promise<string> {
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.created_at)).limit(1);
  const pin = mail?.body.match(/\d{6}/)?.[0];
  if (!pin) throw new Error(`no code mailed to ${email}`);
  return pin;
}

export async function signupProven(db: Db, input: SignupInput, tracking: Record<string, string | null> = {}) {
  await signup(db, input, { ip: `192.0.2.${Math.floor(Math.random() * 250) + 1}`, t: getT('es'), origin: 'http://localhost', tracking });
  return verifyPin(db, input.email, await mailedCodeIn(db, input.email));
}
