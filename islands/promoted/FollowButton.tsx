// Follow / unfollow of a person of the promoted network (seed 000 §4, §7, §8). The page renders it as a plain POST
// form that works before hydration and without script (the page follows and answers 303); once hydrated, a press
// flips the button at once (optimistic), sends PUT or DELETE /api/me/follows/{id}, and on failure flips it back and
// shows a toast titled 'Failed' with the follow-failure message. Texts come from the page.
import { useEffect, useRef, useState } from 'react';
import IslandForm from '../shared/form.tsx';
import './promoted.css';

export interface FollowLabels { follow: string; unfollow: string; failedTitle: string; failed: string; close: string }
export interface FollowButtonProps {
  profileId: string;
  name: string;
  following: boolean;
  /** The page address the form posts to before hydration (it handles `profile` and `follow`). */
  action: string;
  labels: FollowLabels;
}

export const FOLLOW_TOAST_MS = 6000;

export default function FollowButton({ profileId, name, following: initial, action, labels }: FollowButtonProps) {
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  async function submit(e: { preventDefault: () => void }) {
    e.preventDefault();
    if (busy) return;
    const next = !following;
    setFollowing(next);
    setFailed(false);
    setBusy(true);
    try {
      const res = await fetch(`/api/me/follows/${encodeURIComponent(profileId)}`, { method: next ? 'PUT' : 'DELETE', headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
    } catch {
      setFollowing(!next);
      setFailed(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setFailed(false), FOLLOW_TOAST_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <IslandForm action={action} className="pm-follow" onSubmit={submit} fields={{ profile: profileId, follow: following ? 'false' : 'true' }}>
        <button type="submit" className={`pm-follow-btn${following ? ' on' : ''}`} aria-pressed={following} aria-busy={busy || undefined} title={name}>
          {following ? labels.unfollow : labels.follow}
        </button>
      </IslandForm>
      {failed && (
        <div className="pm-toast" role="alert" data-testid="toast">
          <strong>{labels.failedTitle}</strong>
          <span>{labels.failed}</span>
          <button type="button" className="pm-toast-close" aria-label={labels.close} onClick={() => setFailed(false)}>×</button>
        </div>
      )}
    </>
  );
}
