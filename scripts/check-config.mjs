// Imported first by scripts/start.mjs: validates the environment (src/lib/server/config.ts) before any other module
// loads, so a bad value stops the start with one clear line per variable instead of a stack trace or a NaN later.
import { ConfigError, loadConfig } from '../src/lib/server/config.ts';

try {
  loadConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
