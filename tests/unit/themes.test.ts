import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { getPack, loadPacks, missingPackLines, startupPackReport } from '../../src/themes/loader.ts';
import { themeJsonSchemaText } from '../../src/themes/json-schema.ts';
import { resolveTemplate, tokensCss } from '../../src/themes/resolve.ts';
import { sectionType, SECTION_TYPES } from '../../src/themes/sections.ts';
import { sectionInstanceJsonSchema, sectionSettingsSchema, validateSectionInstance } from '../../src/themes/settings.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const main = loadPacks([path.join(ROOT, 'themes')]);

describe('theme packs', () => {
  it('theme.schema.json is generated from src/themes/schema.ts and up to date (npm run themes:schema)', () => {
    expect(readFileSync(path.join(ROOT, 'theme.schema.json'), 'utf8')).toBe(themeJsonSchemaText());
  });

  it('loads the four packs without errors', () => {
    expect(main.errors).toEqual([]);
    expect([...main.packs.keys()].sort()).toEqual(['03', '04', 'basic', 'fifth']);
  });

  it('makes each pack clearly different: tokens, layout and home order', () => {
    const all = [...main.packs.values()].map((p) => p.pack);
    const fingerprints = all.map((p) => JSON.stringify([p.tokens.colorSchemes.light.background, p.tokens.radius.card, p.tokens.cardStyle, p.tokens.headerStyle, p.tokens.fonts.heading]));
    expect(new Set(fingerprints).size).toBe(all.length);
    const homes = all.map((p) => p.templates.home!.sections.map((s) => s.type).join(','));
    expect(new Set(homes).size).toBe(all.length);
    expect(main.packs.get('04')!.pack.carousel.columns).toBe(2);
    expect(main.packs.get('03')!.pack.footer.layout).toBe('3cols1col');
  });

  it('inherits what a pack leaves out from the pack it extends', () => {
    const p03 = main.packs.get('03')!.pack;
    const basic = main.packs.get('basic')!.pack;
    expect(p03.templates.product).toEqual(basic.templates.product);
    expect(p03.tokens.colorSchemes.dark.accent).toBe(basic.tokens.colorSchemes.dark.accent);
    expect(p03.tokens.colorSchemes.light.background).not.toBe(basic.tokens.colorSchemes.light.background);
    expect(main.packs.get('03')!.css).toContain('.section-title');
  });

  it('finds a new pack added as a folder of JSON and CSS only', () => {
    const r = loadPacks([path.join(ROOT, 'themes'), path.join(ROOT, 'tests/fixtures/themes')]);
    expect(r.errors).toEqual([]);
    const aurora = r.packs.get('aurora')!;
    expect(aurora.pack.tokens.radius.card).toBe('24px');
    expect(aurora.css).toContain('#8e44ad');
    expect(resolveTemplate(aurora, 'home').sections.map((s) => s.type)).toEqual(['rich-text', 'products']);
  });

  it('refuses a broken pack with messages naming the file and the JSON path', () => {
    const r = loadPacks([path.join(ROOT, 'themes'), path.join(ROOT, 'tests/fixtures/broken-themes')]);
    expect(r.packs.has('roto')).toBe(false);
    const where = r.errors.map((e) => `${path.basename(path.dirname(e.file))}/${path.basename(e.file)} ${e.path}`);
    expect(where).toEqual(expect.arrayContaining(['roto/theme.json $.version', 'roto/theme.json $.tokens.radius.card']));
  });
});

describe('theme packs at start-up and at serve time (issue 27)', () => {
  it('a broken pack is refused with its errors while the others serve; the start goes on', () => {
    const r = loadPacks([path.join(ROOT, 'themes'), path.join(ROOT, 'tests/fixtures/broken-themes')]);
    expect([...r.packs.keys()].sort()).toEqual(['03', '04', 'basic', 'fifth']);
    const report = startupPackReport(r);
    expect(report.fatal).toBe(false);
    const text = report.lines.join('\n');
    expect(text).toMatch(/Theme pack "roto" refused/);
    expect(text).toMatch(/roto\/theme\.json \$\.version: /);
    expect(text).toMatch(/roto\/theme\.json \$\.tokens\.radius\.card: /);
    expect(startupPackReport(main)).toEqual({ fatal: false, lines: [] });
  });

  it('only a broken "basic" (every shop\'s fallback) stops the start, with its error', () => {
    const report = startupPackReport(loadPacks([path.join(ROOT, 'tests/fixtures/broken-basic')]));
    expect(report.fatal).toBe(true);
    expect(report.lines.join('\n')).toMatch(/basic\/theme\.json \$: not valid JSON/);
  });

  it('npm start stops on a broken "basic" with its error (exit 1, no stack trace)', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs', '--serve-only'], {
      cwd: ROOT, encoding: 'utf8', timeout: 50_000, env: { ...process.env, THEMES_DIR: path.join(ROOT, 'tests/fixtures/broken-basic'), THEMES_EXTRA_DIRS: '', DATABASE_URL: '', JOBS: 'off' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Theme pack "basic" is missing or invalid/);
    expect(r.stderr).toMatch(/basic\/theme\.json \$: not valid JSON/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('a missing pack names the shops it affects; a served page of such a shop logs it once and uses basic', () => {
    expect(missingPackLines([{ pack: 'gone', shop: 'b-shop' }, { pack: '03', shop: 'x' }, { pack: 'gone', shop: 'a-shop' }], main.packs.keys()))
      .toEqual(['Theme pack "gone" is missing or refused: a-shop, b-shop served with "basic" until it is back (restart after adding it).']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(getPack('gone', 'demo-x').pack.id).toBe('basic');
      expect(getPack('gone', 'demo-x').pack.id).toBe('basic');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/pack "gone" is missing or refused: demo-x served with "basic"/);
      expect(getPack('03', 'demo-03').pack.id).toBe('03');
      expect(warn).toHaveBeenCalledTimes(1);
    } finally { warn.mockRestore(); }
  });
});

describe('templates and settings', () => {
  const basic = main.packs.get('basic')!;

  it('merges section defaults, pack defaults and instance values; reports unknown and invalid settings', () => {
    const r = resolveTemplate(basic, 'home', { sections: [
      { id: 'p', type: 'products', disabled: false, settings: { columns: 3, colour: 'red', limit: 999 }, blocks: [] },
      { id: 'x', type: 'nope', disabled: false, settings: {}, blocks: [] },
      { id: 'm', type: 'main-product', disabled: false, settings: {}, blocks: [] },
      { id: 'h', type: 'rich-text', disabled: true, settings: {}, blocks: [] },
    ] });
    expect(r.sections.map((s) => s.id)).toEqual(['p']);
    expect(r.sections[0]!.settings).toMatchObject({ columns: 3, limit: 36, show_sort: true });
    expect(r.warnings.join('\n')).toMatch(/colour/);
    expect(r.warnings.join('\n')).toMatch(/limit/);
    expect(r.warnings.join('\n')).toMatch(/unknown type "nope"/);
    expect(r.warnings.join('\n')).toMatch(/not allowed on home/);
  });

  it('keeps a shop\'s content when it switches pack (section types do not depend on packs)', () => {
    const shopTemplate = { sections: [{ id: 't', type: 'rich-text', disabled: false, settings: { title: 'Hola', text: 'Texto' }, blocks: [] }] };
    for (const p of main.packs.values()) {
      const r = resolveTemplate(p, 'home', shopTemplate);
      expect(r.sections[0]!.settings).toMatchObject({ title: 'Hola', text: 'Texto' });
    }
  });

  it('validates saved section data against the section schema', () => {
    const products = sectionType('products')!;
    expect(sectionSettingsSchema(products).safeParse({ columns: 4 }).success).toBe(true);
    expect(sectionSettingsSchema(products).safeParse({ columns: 'four' }).success).toBe(false);
    expect(sectionSettingsSchema(products).safeParse({ unknown: 1 }).success).toBe(false);
    expect(validateSectionInstance(products, { id: 'p', type: 'products', disabled: false, settings: { columns: 12 }, blocks: [] })).toHaveProperty(['settings.columns']);
    for (const t of SECTION_TYPES.values()) expect(sectionInstanceJsonSchema(t)).toHaveProperty('properties.settings');
  });

  it('turns tokens and the shop colours into CSS custom properties for light and dark', () => {
    const css = tokensCss(basic, { color1: '#112233', color2: '#445566' });
    expect(css).toContain('--c1:#112233');
    expect(css).toContain(':root[data-mode=dark]');
    expect(tokensCss(basic, { color1: '#112233;}body{display:none', color2: '#445566' })).not.toContain(';}body{');
  });
});
