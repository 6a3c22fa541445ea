// The one slugify (browser-safe): the address part made from a name or a title, used by the server when it creates
// products, catalogues, blog entries and stores, by the seed, and by the pages' and islands' previews.
//
// NFKD, not NFD: both take accents off ('Café' -> 'cafe', 'ñ' -> 'n'), and NFKD also folds compatibility forms to
// their plain letters and digits ('ﬁ' -> 'fi', 'Ｒｅｂｏｚｏ' -> 'rebozo', '①' -> '1', '²' -> '2') where NFD drops them.
// The two differ only on such forms, none of which is in the demo data (tests/unit/slug.test.ts checks every text of
// src/db/seed), so the demo's slugs stay as they were. Stored slugs never change either way: a slug is made once, on
// create; an edit keeps it (or takes the one typed).

/** 'Playera Algodón Niño — Edición #2!' -> 'playera-algodon-nino-edicion-2': ASCII letters and digits, one '-'
 * between words, at most `max` characters (never ending in '-'); `fallback` when nothing is left. */
export function slugify(text: string, max = 80, fallback = ''): string {
  const s = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
    .slice(0, max).replace(/-+$/, '');
  return s || fallback;
}
