// A committed migration never changes: databases that already ran it would not run the edit (drizzle records each
// migration's SHA-256, the same hash kept here, and skips what it has seen), so an edit splits databases into two
// schemas. src/db/migrations.lock.json holds the hash of every migration; a change is a new migration.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../src/db/migrations');
const journal = JSON.parse(readFileSync(path.join(DIR, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const lock = JSON.parse(readFileSync(path.resolve(DIR, '../migrations.lock.json'), 'utf8')) as Record<string, string>;
const sha256 = (tag: string) => createHash('sha256').update(readFileSync(path.join(DIR, `${tag}.sql`), 'utf8')).digest('hex');

describe('committed migrations', () => {
  it('are numbered in order with no gaps', () => {
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0') + '_')).toBe(true);
    });
  });

  it('each have a locked hash (a new migration adds its line to src/db/migrations.lock.json)', () => {
    const missing = journal.entries.filter((e) => !(e.tag in lock)).map((e) => `"${e.tag}": "${sha256(e.tag)}"`);
    expect(missing, `add to src/db/migrations.lock.json:\n${missing.join(',\n')}`).toEqual([]);
  });

  it('never change after they are locked', () => {
    const changed = journal.entries.filter((e) => lock[e.tag] && lock[e.tag] !== sha256(e.tag)).map((e) => e.tag);
    expect(changed, 'a committed migration was edited: revert it and put the change in a new migration').toEqual([]);
  });

  it('lock no migration that is not in the journal', () => {
    const tags = new Set(journal.entries.map((e) => e.tag));
    expect(Object.keys(lock).filter((t) => !tags.has(t))).toEqual([]);
  });
});
