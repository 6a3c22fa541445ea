// The one slugify (src/lib/shared/slug.ts) and the names it keeps for products, blog entries, stores, the seed and
// the editor's preview (catalogues: tests/unit/admin.test.ts); NFKD folds compatibility forms, and leaves every demo slug as NFD made it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/shared/slug.ts';
import { slugify as productSlug } from '../../src/domain/products/rules.ts';
import { blogSlug } from '../../src/domain/blog/schema.ts';
import { slugFromName } from '../../src/domain/store-opening/rules.ts';
import { slugify as seedSlug } from '../../src/db/seed/ids.ts';
import { slugFrom } from '../../islands/supplier/values.ts';

describe('slugify', () => {
  it('folds accents, ñ and punctuation into one hyphen between words', () => {
    expect(slugify('Playera Algodón Niño — Edición #2!')).toBe('playera-algodon-nino-edicion-2');
    expect(slugify('  ¡Año nuevo, ñandú!  ')).toBe('ano-nuevo-nandu');
    expect(slugify('Über Çà Ørsted')).toBe('uber-ca-rsted');
    expect(slugify('***')).toBe('');
    expect(slugify('***', 80, 'entrada')).toBe('entrada');
  });
  it('folds compatibility forms (NFKD) instead of dropping them', () => {
    expect(slugify('Café ﬁno Ｎº①')).toBe('cafe-fino-no1');
    expect(slugify('m² de tela')).toBe('m2-de-tela');
  });
  it('cuts at the length without a trailing hyphen', () => {
    expect(slugify('a'.repeat(100))).toHaveLength(80);
    expect(slugify(`${'a'.repeat(39)} b`, 40)).toBe('a'.repeat(39));
  });
  it('is the one every caller uses, with its own length and fallback', () => {
    const name = 'Rebozo de Seda — Edición ﬁna Otoño';
    const slug = 'rebozo-de-seda-edicion-fina-otono';
    expect([productSlug(name), blogSlug(name), slugFromName(name), seedSlug(name), slugFrom(name)]).toEqual(Array(5).fill(slug));
    expect([productSlug('!'), blogSlug('!'), slugFromName('!')]).toEqual(['producto', 'entrada', '']);
    expect(slugFromName('x'.repeat(50))).toHaveLength(40);
  });
  it('gives every text of the demo data the slug NFD gave it (the switch to NFKD changes no demo slug)', () => {
    const nfd = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
    const dir = 'src/db/seed';
    const texts = readdirSync(dir).flatMap((f) => [...readFileSync(`${dir}/${f}`, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!));
    expect(texts.length).toBeGreaterThan(1000);
    const changed = texts.filter((s) => slugify(s) !== nfd(s));
    expect(changed).toEqual([]);
  });
});
