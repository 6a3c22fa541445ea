// npm run operator -- --email you@example.com [--name "Your Name"]
// Makes the platform operator (user level ul3) on the configured database (DATABASE_URL, else PGlite under
// DATA_DIR), migrating it first. An existing account is promoted and keeps its password. A new one gets the
// password typed at the prompt (twice, not echoed) or, when stdin is not a terminal, the first line of stdin:
//   printf '%s\n' "$OPERATOR_PASSWORD" | npm run operator -- --email you@example.com
// With PGlite, stop the server first (one process at a time owns its data directory).
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { configFromEnv, openDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { makeOperator } from '../src/domain/accounts/operator.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.email) {
  console.log('usage: npm run operator -- --email you@example.com [--name "Your Name"]\n'
    + '  promotes that account to platform operator, or creates it with the password typed at the prompt\n'
    + '  (or read from the first line of stdin when it is not a terminal)');
  process.exit(values.help ? 0 : 2);
}

/** The first line of stdin (a pipe), or a password typed twice without echo (a terminal). */
async function password(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const io = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  io._writeToOutput = (s) => { if (!muted) process.stdout.write(s); };
  const ask = (prompt: string) => new Promise<string>((resolve) => {
    muted = false;
    rl.question(prompt, (answer) => { muted = false; process.stdout.write('\n'); resolve(answer); });
    muted = true;
  });
  try {
    const first = await ask('Password for the new operator account (10 characters or more): ');
    if (first !== await ask('Again: ')) throw new Error('The two passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

const config = configFromEnv();
const handle = await openDb(config);
let code = 0;
try {
  await migrate(handle);
  const r = await makeOperator(handle.db, { email: values.email, name: values.name, password });
  const said = { created: 'created as platform operator', promoted: 'promoted to platform operator (password unchanged)', already: 'is already the platform operator' };
  console.log(`${r.email} ${said[r.outcome]}. Sign in at /login.`);
} catch (err) {
  console.error(`operator: ${(err as Error).message}`);
  code = 1;
} finally {
  await handle.close();
}
process.exit(code);
