// The one node-postgres connection that carries every LISTEN of the process. It is its own client (not a pool
// slot) named `tiendas-listen` in pg_stat_activity, and it is reopened whenever it is lost (server restart,
// failover, pg_terminate_backend, a network cut caught by keep-alive) with capped, jittered exponential backoff,
// LISTENing again on every channel. Notifications sent while it is down are lost for good, so whoever keeps
// derived state (the page cache, live product events) hears 'down' when it is lost and 'up' when it is back.
import pg from 'pg';

export type ListenState = 'up' | 'down';
export const LISTENER_APPLICATION_NAME = 'tiendas-listen';
export const LISTEN_BACKOFF = { baseMs: 250, capMs: 30_000 };

/** Wait before reconnect attempt `attempt` (0, 1, ...): exponential up to the cap, half of it random ("equal jitter"). */
export function backoffDelay(attempt: number, b = LISTEN_BACKOFF, random = Math.random): number {
  const exp = Math.min(b.capMs, b.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

export interface Listener {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** 'up' while every channel is LISTENed (also before the first listen); 'down' while reconnecting. */
  state(): ListenState;
  onState(cb: (state: ListenState) => void): () => void;
  close(): Promise<void>;
}

export function createListener(connectionString: string): Listener {
  const handlers = new Map<string, Set<(p: string) => void>>();
  const watchers = new Set<(s: ListenState) => void>();
  let client: pg.Client | null = null;
  let started = false;
  let down = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const setDown = (next: boolean) => {
    if (down === next) return;
    down = next;
    for (const w of watchers) {
      try { w(next ? 'down' : 'up'); } catch (err) { console.error('[db] listen state watcher failed', err); }
    }
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (c !== client) return; // an older client, or one still connecting (connect() answers for it)
    client = null;
    c.end().catch(() => {});
    if (closed) return;
    console.error(`[db] listen connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    setDown(true);
    schedule();
  };

  async function connect() {
    const c = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    c.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      // A channel added while this loop runs is LISTENed by the next round.
      const done = new Set<string>();
      for (let todo = [...handlers.keys()]; todo.length; todo = [...handlers.keys()].filter((ch) => !done.has(ch))) {
        for (const ch of todo) { await c.query(`LISTEN ${ch}`); done.add(ch); }
      }
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) { await c.end().catch(() => {}); return; }
    client = c;
    attempt = 0;
    setDown(false);
  }

  function schedule() {
    if (closed || timer || client) return;
    const delay = backoffDelay(attempt++);
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => console.log('[db] listen connection reopened'),
        (err: Error) => {
          console.error(`[db] listen reconnect failed: ${err.message}`);
          schedule();
        },
      );
    }, delay);
    timer.unref();
  }

  return {
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel ${channel}`);
      let set = handlers.get(channel);
      const fresh = !set;
      if (!set) { set = new Set(); handlers.set(channel, set); }
      set.add(onPayload);
      const stop = async () => { set.delete(onPayload); };
      if (!started) {
        // The first connection: its failure is the caller's (nothing to keep in step yet).
        started = true;
        try { await connect(); } catch (err) {
          started = false;
          set.delete(onPayload);
          if (!set.size) handlers.delete(channel);
          throw err;
        }
      } else if (fresh && client) {
        // On failure the connection is lost, and the reconnect LISTENs this channel with the others.
        await client.query(`LISTEN ${channel}`).catch((err: Error) => console.error(`[db] LISTEN ${channel} failed: ${err.message}`));
      }
      return stop;
    },
    state: () => (down ? 'down' : 'up'),
    onState(cb) {
      watchers.add(cb);
      return () => { watchers.delete(cb); };
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
