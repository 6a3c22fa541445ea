import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/domain/accounts/password.ts';
import { viewerMatchesTarget, type Viewer } from '../../src/lib/shared/viewer.ts';
import { loginInput, pinVerifyInput, signupInput } from '../../src/domain/accounts/schema.ts';

const user = (level: 'ul0' | 'ul1' | 'ul2' | null): Viewer => ({
  kind: 'user', anonymousId: 'a', sessionId: 's', user: { id: 'u', email: 'e@x.co', name: 'E', profile_id: 'p', user_level: level },
});

describe('passwords', () => {
  it('hashes with scrypt and verifies only the right password', async () => {
    const h = await hashPassword('demo-password-1');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('demo-password-1', h)).toBe(true);
    expect(await verifyPassword('demo-password-2', h)).toBe(false);
    expect(await hashPassword('demo-password-1')).not.toBe(h); // salted
  });
});

describe('banner targets (seed 000 §3)', () => {
  const anon: Viewer = { kind: 'anonymous', anonymousId: 'a' };
  it('decides who sees a slide', () => {
    expect(viewerMatchesTarget(anon, 'all')).toBe(true);
    expect(viewerMatchesTarget(anon, 'anon')).toBe(true);
    expect(viewerMatchesTarget(anon, 'ul0')).toBe(false);
    expect(viewerMatchesTarget(user('ul0'), 'ul0')).toBe(true);
    expect(viewerMatchesTarget(user('ul0'), 'anon')).toBe(false);
    expect(viewerMatchesTarget(user('ul1'), 'ul1')).toBe(true);
    expect(viewerMatchesTarget(user('ul1'), 'ul1', { ownsShop: true })).toBe(false);
    expect(viewerMatchesTarget(user('ul2'), 'ul2')).toBe(true);
    expect(viewerMatchesTarget(user(null), 'ul0')).toBe(false);
  });
});

describe('account input schemas', () => {
  it('normalises e-mails and rejects bad input with field messages', () => {
    expect(loginInput.parse({ email: '  Ana@Example.COM ', password: 'x' }).email).toBe('ana@example.com');
    expect(signupInput.safeParse({ email: 'nope', password: 'short', name: '' }).success).toBe(false);
    expect(pinVerifyInput.safeParse({ email: 'a@b.co', pin: '12345' }).success).toBe(false);
    expect(pinVerifyInput.safeParse({ email: 'a@b.co', pin: '012345' }).success).toBe(true);
  });
});
