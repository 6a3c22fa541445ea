// Account rules against a real database (PGlite in memory, or PostgreSQL in the postgres project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { freshDb } from '../support/db.ts';
import { createSession, login, PIN_MAX_ATTEMPTS, requestPin, resolveSession, verifyPin } from '../../src/domain/accounts/service.ts';
import { mailedCodeIn, signupProven } from '../support/accounts.ts';
import { sessions, signInPins } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/lib/shared/errors.ts';

let h: Awaited<ReturnType<typeof freshDb>>;
/** The e-mail's sign-in PINs (its sign-up mailed a code of its own). */
const signinPin = (email: string) => and(eq(signInPins.email, email), eq(signInPins.purpose, 'signin'));
beforeAll(async () => { h = await freshDb(); });
afterAll(async () => { await h.dispose(); });

describe('sessions', () => {
  it('resolves a live session and refuses it once expired', async () => {
    const user = await signupProven(h.db, { email: 'exp@test.example', password: 'a-long-password', name: 'Exp' });
    const s = await createSession(h.db, user, 'vitest');
    expect((await resolveSession(h.db, s.token))?.user.email).toBe('exp@test.example');
    expect(await resolveSession(h.db, s.token, new Date(s.expiresAt.getTime() + 1000))).toBeNull();
    await h.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) });
    expect(await resolveSession(h.db, s.token)).toBeNull();
    expect(await resolveSession(h.db, 'not-a-token')).toBeNull();
  });

  it('stores only a hash of the token', async () => {
    const user = await signupProven(h.db, { email: 'hash@test.example', password: 'a-long-password', name: 'H' });
    const s = await createSession(h.db, user, null);
    const rows = await h.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(s.token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('login throttling shared through the database', () => {
  it('locks an account for one address after 5 failures from it within the window; other addresses still sign in', async () => {
    await signupProven(h.db, { email: 'lock@test.example', password: 'a-long-password', name: 'L' });
    for (let i = 0; i < 5; i++) {
      await expect(login(h.db, { email: 'lock@test.example', password: 'bad' }, '192.0.2.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    await expect(login(h.db, { email: 'lock@test.example', password: 'a-long-password' }, '192.0.2.1')).rejects.toMatchObject({ code: 'rate_limited', status: 429 });
    await expect(login(h.db, { email: 'lock@test.example', password: 'a-long-password' }, '192.0.2.99')).resolves.toMatchObject({ email: 'lock@test.example' });
  });
});

describe('sign-in PIN', () => {
  it('expires after 5 minutes with the expired message', async () => {
    await signupProven(h.db, { email: 'pin@test.example', password: 'a-long-password', name: 'P' });
    await requestPin(h.db, 'pin@test.example', '198.51.100.1');
    const [row] = await h.db.select().from(signInPins).where(signinPin('pin@test.example'));
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const later = new Date(row!.expires_at.getTime() + 1);
    const err = await verifyPin(h.db, 'pin@test.example', '123456', later).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('pin_expired');
  });

  it('stops accepting guesses after 5 wrong PINs', async () => {
    await signupProven(h.db, { email: 'guess@test.example', password: 'a-long-password', name: 'G' });
    await requestPin(h.db, 'guess@test.example', '198.51.100.2');
    for (let i = 0; i < 5; i++) await expect(verifyPin(h.db, 'guess@test.example', String(100000 + i))).rejects.toMatchObject({ code: 'pin_invalid' });
    const [row] = await h.db.select().from(signInPins).where(signinPin('guess@test.example'));
    expect(row!.attempts).toBe(5);
  });

  it('voids a PIN after 5 tries even when they race (any number of processes): the right PIN after them fails', async () => {
    await signupProven(h.db, { email: 'race@test.example', password: 'a-long-password', name: 'R' });
    await requestPin(h.db, 'race@test.example', '198.51.100.4');
    const pin = await mailedCodeIn(h.db, 'race@test.example');
    const wrong = (i: number) => String((Number(pin) + 1 + i) % 1_000_000).padStart(6, '0');
    // 12 wrong guesses at once (on PostgreSQL truly concurrent), then the right one: only PIN_MAX_ATTEMPTS tries are
    // ever taken, so the PIN is void by then.
    const answers = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => verifyPin(h.db, 'race@test.example', wrong(i))));
    expect(answers.every((a) => a.status === 'rejected' && (a.reason as AppError).code === 'pin_invalid')).toBe(true);
    const [row] = await h.db.select().from(signInPins).where(signinPin('race@test.example'));
    expect(row!.attempts).toBe(PIN_MAX_ATTEMPTS);
    await expect(verifyPin(h.db, 'race@test.example', pin)).rejects.toMatchObject({ code: 'pin_invalid' });
  });

  it('the 6th try fails with the right PIN after 5 wrong ones', async () => {
    await signupProven(h.db, { email: 'sixth@test.example', password: 'a-long-password', name: 'S' });
    await requestPin(h.db, 'sixth@test.example', '198.51.100.5');
    const pin = await mailedCodeIn(h.db, 'sixth@test.example');
    for (let i = 0; i < 5; i++) await expect(verifyPin(h.db, 'sixth@test.example', String((Number(pin) + 1 + i) % 1_000_000).padStart(6, '0'))).rejects.toMatchObject({ code: 'pin_invalid' });
    await expect(verifyPin(h.db, 'sixth@test.example', pin)).rejects.toMatchObject({ code: 'pin_invalid' });
  });

  it('answers the same for an unknown e-mail (no account enumeration) and sends nothing', async () => {
    await expect(requestPin(h.db, 'nobody@test.example', '198.51.100.3')).resolves.toBeUndefined();
    const rows = await h.db.select().from(signInPins).where(signinPin('nobody@test.example'));
    expect(rows).toHaveLength(0);
  });
});
