// The builder's theme settings and per-breakpoint section settings over HTTP on demo-03: bad values are refused
// with 4xx and a code (never a 500), published values reach the anonymous storefront as CSS in the server's HTML
// (no added script), and everything is put back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const SHOP = 'demo-03';
const API = `/api/shops/${SHOP}/admin/theme`;
const anon = new Client();
const owner = new Client();
let original: Record<string, unknown>;

beforeAll(async () => {
  await owner.login('admin03@demo.test');
  original = (await owner.get(API)).json().draft;
});
afterAll(async () => {
  const latest = (await owner.get(API)).json();
  await owner.request('PUT', `${API}/draft`, { body: { ...original, version: latest.draft_version } });
  await owner.post(`${API}/publish`, {});
});

const putDraft = async (patch: Record<string, unknown>) => {
  const state = (await owner.get(API)).json();
  return owner.request('PUT', `${API}/draft`, { body: { ...state.draft, ...patch, version: state.draft_version || undefined } });
};
const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).sort();
const poll = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('theme settings', () => {
  it.each([
    ['a colour that is not one', { accent: 'blue-ish' }, 'tokens.accent'],
    ['CSS smuggled in a colour', { background: '#fff;}</style><script>alert(1)</script>' }, 'tokens.background'],
    ['a font outside the allowed list', { font_heading: 'Papyrus' }, 'tokens.font_heading'],
    ['a radius beyond the range', { radius_button: 500 }, 'tokens.radius_button'],
    ['a radius as CSS text', { radius_card: '8px' }, 'tokens.radius_card'],
    ['an unknown button style', { button_style: 'neon' }, 'tokens.button_style'],
  ])('refuses %s with 400 validation_error and the field path', async (_, tokens, field) => {
    const r = await putDraft({ tokens });
    expect(r.status, r.text).toBe(400);
    const err = r.json().error;
    expect(err.code).toBe('validation_error');
    expect(Object.keys(err.fields ?? {})).toContain(field);
  });

  it('refuses tokens that are not an object, in the request\'s language', async () => {
    const r = await owner.request('PUT', `${API}/draft`, { body: { ...original, tokens: 'dark' }, headers: { 'accept-language': 'en' } });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('validation_error');
  });

  it('publishes them as CSS custom properties in the anonymous page, with no script added', async () => {
    const before = (await anon.get(`/${SHOP}/`)).text;
    const saved = await putDraft({ tokens: { accent: 'rgb(225, 29, 72)', font_body: 'serif', radius_button: 0, button_style: 'outline' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json().draft.tokens).toEqual({ accent: '#e11d48', font_body: 'serif', radius_button: 0, button_style: 'outline' });
    // Saved but not published: the preview shows it, shoppers do not see it.
    expect((await owner.get(`/${SHOP}/?preview=draft`)).text).toContain('--accent:#e11d48');
    expect((await anon.get(`/${SHOP}/`)).text).not.toContain('--accent:#e11d48');
    const pub = await owner.post(`${API}/publish`, { version: saved.json().draft_version });
    expect(pub.status, pub.text).toBe(200);
    const after = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes('--accent:#e11d48'));
    expect(after.text).toMatch(/:root\[data-mode=(light|dark)\]\{--accent:#e11d48;/);
    expect(after.text).toContain('--radius-button:0px');
    expect(after.text).toContain('.btn:not(.secondary){background:transparent');
    expect(scripts(after.text)).toEqual(scripts(before));
  });

  it('the chosen colour scheme becomes the page\'s mode for a visitor without a choice', async () => {
    const saved = await putDraft({ tokens: { scheme: 'dark', background: '#101820' } });
    await owner.post(`${API}/publish`, { version: saved.json().draft_version });
    const page = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes('--bg:#101820'));
    expect(page.text).toMatch(/<html[^>]* data-mode="dark"/);
    expect(page.text).toContain(':root[data-mode=dark]{--bg:#101820;');
  });
});

describe('per-breakpoint section settings', () => {
  it('a bad phone value is kept in the draft as a warning and refused on publish with its path', async () => {
    const state = (await owner.get(API)).json();
    const home = state.draft.templates.home.sections as { id: string; type: string; settings: Record<string, unknown> }[];
    const at = home.findIndex((s) => s.type === 'products');
    expect(at).toBeGreaterThanOrEqual(0);
    const bad = home.map((s, i) => (i === at ? { ...s, settings: { ...s.settings, 'columns@phone': 9 } } : s));
    const saved = await putDraft({ templates: { ...state.draft.templates, home: { sections: bad } } });
    expect(saved.status).toBe(200);
    const path = `templates.home.sections[${at}].settings.columns@phone`;
    expect(saved.json().warnings).toContainEqual(expect.objectContaining({ path }));
    const refused = await owner.post(`${API}/publish`, {});
    expect(refused.status).toBe(400);
    expect(refused.json().error.code).toBe('validation_error');
    expect(refused.json().error.fields[path]).toBeTruthy();
  });

  it('published per-breakpoint values reach the page as custom properties for its media queries', async () => {
    const state = (await owner.get(API)).json();
    const home = state.draft.templates.home.sections as { id: string; type: string; settings: Record<string, unknown> }[];
    const good = home.map((s) => (s.type === 'products' ? { ...s, settings: { ...s.settings, columns: 5, 'columns@tablet': 2, 'columns@phone': 1 } } : s));
    const saved = await putDraft({ templates: { ...state.draft.templates, home: { sections: good } } });
    const pub = await owner.post(`${API}/publish`, { version: saved.json().draft_version });
    expect(pub.status, pub.text).toBe(200);
    const page = await poll(() => anon.get(`/${SHOP}/`), (p) => p.text.includes('--cols-phone:1'));
    expect(page.text).toContain('style="--cols:5;--cols-tablet:2;--cols-phone:1"');
  });
});
