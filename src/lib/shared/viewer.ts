// Who is asking: resolved once per request by the middleware and passed explicitly to services.
import type { UserLevel } from './constants.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  profile_id: string;
  user_level: UserLevel | null;
}

export type Viewer =
  | { kind: 'anonymous'; anonymousId: string }
  | { kind: 'user'; anonymousId: string; user: SessionUser; sessionId: string };

export function isSignedIn(v: Viewer): v is Extract<Viewer, { kind: 'user' }> {
  return v.kind === 'user';
}

/** Banner/header targets of seed 000 §3: all, anon, ul0, ul1, ul2. */
export function viewerMatchesTarget(v: Viewer, target: string, opts: { ownsShop?: boolean } = {}): boolean {
  if (target === 'all') return true;
  if (target === 'anon') return v.kind === 'anonymous';
  if (v.kind !== 'user') return false;
  const level = v.user.user_level;
  if (target === 'ul0') return level === 'ul0';
  if (target === 'ul1') return level === 'ul1' && !opts.ownsShop;
  if (target === 'ul2') return level === 'ul2' || (level === 'ul1' && !!opts.ownsShop);
  return false;
}
