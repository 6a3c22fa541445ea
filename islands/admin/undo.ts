// Delete with undo (seed 000 §4, §9: 5000 ms): the row shows 'Deleting…' with an Undo button; when the delay ends
// the delete is sent, and its outcome reported (success toast, or the row back with an error toast). Closing the
// editor sends the deletes still waiting (flush) and waits for them, so nothing the admin left marked is lost; so does
// unmounting.
import { useCallback, useEffect, useRef, useState } from 'react';
import { UNDO_DELAY_MS } from './ui.tsx';

export function useUndoableDelete(send: (id: string) => Promise<void>, report: (id: string, ok: boolean) => void) {
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inflight = useRef(new Set<Promise<void>>());
  const latest = useRef({ send, report });
  latest.current = { send, report };
  const mark = (id: string, on: boolean) => setWaiting((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });

  const fire = useCallback((id: string) => {
    timers.current.delete(id);
    const p = latest.current.send(id).then(() => latest.current.report(id, true), () => latest.current.report(id, false))
      .finally(() => { inflight.current.delete(p); mark(id, false); });
    inflight.current.add(p);
  }, []);
  const start = (id: string) => {
    if (timers.current.has(id)) return;
    mark(id, true);
    timers.current.set(id, setTimeout(() => fire(id), UNDO_DELAY_MS));
  };
  const undo = (id: string) => {
    const h = timers.current.get(id);
    if (h === undefined) return;
    clearTimeout(h); timers.current.delete(id); mark(id, false);
  };
  const flush = async () => {
    for (const [id, h] of [...timers.current]) { clearTimeout(h); fire(id); }
    await Promise.allSettled([...inflight.current]);
  };
  // Unmounted while deletes wait (the builder's 'back to sections', or the panel read again after an undo): they
  // are sent now rather than lost.
  useEffect(() => () => { for (const [id, h] of [...timers.current]) { clearTimeout(h); fire(id); } }, [fire]);
  return { waiting, start, undo, flush };
}
