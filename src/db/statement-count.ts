// SQL statements per request, counted when SQL_COUNT=1 (tests/bench/render.ts and the statement-budget test): every
// statement drizzle sends goes through its logger, which adds one to the counter of the request it runs for. A
// request asking with the x-sql-count header gets the number back in x-sql-statements (src/middleware.ts). Off by
// default: the logger is then not installed and nothing is counted.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';
import { config } from '../lib/server/config.ts';

export const SQL_COUNT_HEADER = 'x-sql-count';
export const SQL_STATEMENTS_HEADER = 'x-sql-statements';

/** SQL_COUNT=1 counts; SQL_COUNT=log also prints each counted statement to stderr (to see what a page sends). */
export const statementCounting = () => config().SQL_COUNT !== 'off';

// One store per process (the start script and the server bundle carry their own copies of this module).
const KEY = Symbol.for('tiendas.sqlCount');
const als = ((globalThis as { [KEY]?: AsyncLocalStorage<{ n: number }> })[KEY] ??= new AsyncLocalStorage());

export const statementLogger: Logger = {
  logQuery(query) {
    const c = als.getStore();
    if (!c) return;
    c.n++;
    if (config().SQL_COUNT === 'log') console.error(`[sql ${c.n}] ${query.replace(/\s+/g, ' ').slice(0, 300)}`);
  },
};

/** Runs `fn`, counting the statements sent on its behalf (its awaited work, timers and streams included). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const counter = { n: 0 };
  const result = await als.run(counter, fn);
  return { result, statements: counter.n };
}
