// Theme-wide settings (the builder's 'Theme settings') and per-breakpoint section settings: what the schemas accept
// and refuse, and the CSS the storefront gets from them.
import { describe, expect, it } from 'vitest';
import { getPack } from '../../src/themes/loader.ts';
import { tokensCss, resolveTemplate } from '../../src/themes/resolve.ts';
import { sectionType } from '../../src/themes/sections.ts';
import { resolveSettings, sectionSettingsSchema } from '../../src/themes/settings.ts';
import { breakpointVars } from '../../src/themes/responsive.ts';
import { FONT_STACKS, readableOn, themeSettingsCss } from '../../src/themes/theme-settings.ts';
import { settingSchema } from '../../src/themes/schema.ts';
import { themeDocumentSchema, themeTokensSchema } from '../../src/domain/admin/schema.ts';
import { checkDraft, checkTheme, materialise } from '../../src/domain/admin/theme-rules.ts';

const basic = getPack('basic');

describe('theme settings schema', () => {
  it('accepts the allowed values and normalises colour text to #rrggbb', () => {
    const r = themeTokensSchema.parse({
      scheme: 'dark', accent: 'rgb(225, 29, 72)', background: '#FFF', text: 'hsl(0, 0%, 10%)',
      font_body: 'serif', font_heading: 'mono', radius_card: 0, radius_button: 48, radius_image: 12, button_style: 'outline',
    });
    expect(r).toEqual({
      scheme: 'dark', accent: '#e11d48', background: '#ffffff', text: '#1a1a1a',
      font_body: 'serif', font_heading: 'mono', radius_card: 0, radius_button: 48, radius_image: 12, button_style: 'outline',
    });
    expect(themeTokensSchema.parse({})).toEqual({});
  });

  it.each([
    ['an unknown colour', { accent: 'red; }' }, 'accent'],
    ['a CSS injection in a colour', { background: '#fff;}body{display:none' }, 'background'],
    ['a font outside the list', { font_body: "'Comic Sans MS'" }, 'font_body'],
    ['a radius above the range', { radius_button: 49 }, 'radius_button'],
    ['a negative radius', { radius_card: -1 }, 'radius_card'],
    ['a fractional radius', { radius_image: 2.5 }, 'radius_image'],
    ['a radius as text', { radius_card: '12px' }, 'radius_card'],
    ['an unknown scheme', { scheme: 'sepia' }, 'scheme'],
    ['an unknown button style', { button_style: 'ghost' }, 'button_style'],
    ['an unknown key', { shadow: 'big' }, ''],
  ])('refuses %s', (_, value, key) => {
    const r = themeTokensSchema.safeParse(value);
    expect(r.success).toBe(false);
    if (key) expect(r.error!.issues[0]!.path).toEqual([key]);
  });

  it('is part of the theme document; documents saved before it exist read as {}', () => {
    expect(themeDocumentSchema.parse({ pack: 'basic' }).tokens).toEqual({});
    expect(themeDocumentSchema.safeParse({ pack: 'basic', tokens: { radius_card: 400 } }).success).toBe(false);
    const doc = themeDocumentSchema.parse({ pack: 'basic', tokens: { accent: '#e11d48' } });
    expect(materialise(doc, basic.pack).tokens).toEqual({ accent: '#e11d48' });
  });
});

describe('theme settings CSS', () => {
  it('overrides the pack tokens after the pack, only for what the shop set', () => {
    const css = tokensCss(basic, { color1: '#111111', color2: '#222222' }, { accent: '#e11d48', font_heading: 'serif', radius_button: 4 });
    const at = css.indexOf('--accent:#e11d48');
    expect(at).toBeGreaterThan(css.indexOf(`--accent:${basic.pack.tokens.colorSchemes.light.accent}`));
    expect(css).toContain(`:root[data-mode=light]{--accent:#e11d48;--accent-text:${readableOn('#e11d48')}}`);
    expect(css).toContain(`--font-heading:${FONT_STACKS.serif}`);
    expect(css).toContain('--radius-button:4px');
    expect(css).not.toContain('--font-body:' + FONT_STACKS.serif);
    expect(tokensCss(basic, { color1: '#111111', color2: '#222222' })).toBe(tokensCss(basic, { color1: '#111111', color2: '#222222' }, {}));
  });

  it('puts the colours on the chosen scheme (or the shop\'s) and keeps text readable on the accent', () => {
    expect(themeSettingsCss(basic.pack.tokens, { scheme: 'dark', background: '#101010' })).toMatch(/^:root\[data-mode=dark\]\{--bg:#101010;/);
    expect(themeSettingsCss(basic.pack.tokens, { text: '#222222' }, true)).toMatch(/^:root\[data-mode=dark\]\{--fg:#222222;/);
    expect(readableOn('#ffff00')).toBe('#111111');
    expect(readableOn('#1a1a6e')).toBe('#ffffff');
  });

  it('leaves out anything outside the bounds, even if it reached it unchecked', () => {
    const css = themeSettingsCss(basic.pack.tokens, { accent: 'red;}', radius_card: 1000, font_body: 'x' as never });
    expect(css).toBe('');
    expect(themeSettingsCss(basic.pack.tokens, { button_style: 'outline' })).toContain('.btn:not(.secondary){background:transparent');
  });
});

describe('per-breakpoint settings', () => {
  const products = sectionType('products')!;
  const richText = sectionType('rich-text')!;

  it('a setting may be responsive only when it is a number, range or select', () => {
    expect(settingSchema.safeParse({ id: 'x', type: 'text', label: 'x', responsive: true }).success).toBe(false);
    expect(settingSchema.safeParse({ id: 'x', type: 'range', label: 'x', min: 1, max: 3, responsive: true }).success).toBe(true);
    expect(products.settings.find((s) => s.id === 'columns')!.responsive).toBe(true);
    expect(richText.settings.find((s) => s.id === 'align')!.responsive).toBe(true);
  });

  it('resolves phone and tablet from their own value, then the breakpoint default, then the desktop value', () => {
    const r = resolveSettings(products, { columns: 5 }, { 'columns@phone': 1 });
    expect(r.values).toMatchObject({ columns: 5, 'columns@tablet': 3, 'columns@phone': 1 });
    expect(r.unknown).toEqual([]);
    const a = resolveSettings(richText, {}, { align: 'center', 'align@phone': 'left' });
    expect(a.values).toMatchObject({ align: 'center', 'align@tablet': 'center', 'align@phone': 'left' });
    const bad = resolveSettings(products, {}, { 'columns@phone': 9 });
    expect(bad.invalid['columns@phone']).toBeTruthy();
    expect(bad.values['columns@phone']).toBe(2);
    expect(resolveSettings(products, {}, { 'columns@watch': 1 }).unknown).toEqual(['columns@watch']);
  });

  it('the section schema checks every breakpoint with the same bounds', () => {
    const schema = sectionSettingsSchema(products);
    expect(schema.safeParse({ columns: 4, 'columns@tablet': 2, 'columns@phone': 1 }).success).toBe(true);
    expect(schema.safeParse({ 'columns@phone': 0 }).success).toBe(false);
    expect(schema.safeParse({ 'columns@tablet': 7 }).success).toBe(false);
    expect(sectionSettingsSchema(richText).safeParse({ 'align@phone': 'justify' }).success).toBe(false);
  });

  it('publishing refuses a bad breakpoint value with its path; a draft keeps it as a warning', () => {
    const doc = materialise(themeDocumentSchema.parse({
      pack: 'basic',
      templates: { home: { sections: [{ id: 'p', type: 'products', settings: { 'columns@phone': 12, 'columns@tablet': 2 } }, { id: 'r', type: 'rich-text', settings: { 'align@tablet': 'middle' } }] } },
    }), basic.pack);
    const { errors } = checkTheme(doc, basic.pack);
    expect(Object.keys(errors).sort()).toEqual(['templates.home.sections[0].settings.columns@phone', 'templates.home.sections[1].settings.align@tablet']);
    const draft = checkDraft(doc, basic.pack);
    expect(draft.errors).toEqual({});
    expect(draft.warnings.map((w) => w.path)).toContain('templates.home.sections[0].settings.columns@phone');
  });

  it('renders as custom properties the stylesheet\'s media queries read', () => {
    const tpl = resolveTemplate(basic, 'home', { sections: [{ id: 'p', type: 'products', disabled: false, settings: { columns: 5, 'columns@phone': 1 }, blocks: [] }] });
    expect(breakpointVars(tpl.sections[0]!.settings, 'columns', 'cols')).toBe('--cols:5;--cols-tablet:3;--cols-phone:1');
    expect(breakpointVars({ align: 'center' }, 'align', 'align')).toBe('--align:center');
    expect(breakpointVars({ align: 'x;}<' }, 'align', 'align')).toBe('--align:x');
  });
});
