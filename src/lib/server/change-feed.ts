// What the process caches (page-cache.ts, shop-cache.ts) need of the database: LISTEN on the change channels and the
// state of the listening connection. src/lib never imports the database layer; src/db/client.ts provides the feed
// (its handle) when it loads, on globalThis so every module instance of the server (the start script's and the
// built bundle's) finds it.
export type FeedState = 'up' | 'down';

export interface ChangeFeed {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  listenState(): FeedState;
  onListenState(cb: (state: FeedState) => void): () => void;
}

const KEY = Symbol.for('tiendas.changeFeed');
type Holder = { [KEY]?: () => Promise<ChangeFeed> };

/** Called by the database client: how the caches reach the process's change feed. */
export function provideChangeFeed(source: () => Promise<ChangeFeed>): void {
  (globalThis as Holder)[KEY] = source;
}

/** The process's change feed; refuses (the caches then keep nothing) when no database client has provided one. */
export function changeFeed(): Promise<ChangeFeed> {
  const source = (globalThis as Holder)[KEY];
  return source ? source() : Promise.reject(new Error('no change feed: the database client is not loaded'));
}
