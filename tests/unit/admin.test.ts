// Shop administration rules that need no database: colours, links, form schemas, the SVG sanitiser, upload type
// checks and the builder's theme document rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bannerInputSchema, catalogueCreateSchema, headerInputSchema, parseColor,
  slideInputSchema, storePatchSchema, themeDocumentSchema, type ThemeDocument,
} from '../../src/domain/admin/schema.ts';
import { catalogueSlug } from '../../src/domain/admin/service.ts';
import { sanitizeCss, sanitizeSvg, SvgRejected } from '../../src/domain/admin/svg.ts';
import { checkDraft, checkTheme, materialise, packSwitchWarnings } from '../../src/domain/admin/theme-rules.ts';
import { getT } from '../../src/lib/i18n/index.ts';
import { checkImage } from '../../src/domain/admin/upload.ts';
import { readBodyLimited } from '../../src/lib/server/body.ts';
import { probeImage } from '../../src/lib/server/images.ts';
import { PHOTO_MAX_BYTES, photoRejectedMessage } from '../../src/lib/shared/constants.ts';
import { AppError } from '../../src/lib/shared/errors.ts';
import { getPack } from '../../src/themes/loader.ts';

const FIX = path.resolve(import.meta.dirname, '../fixtures/uploads');
const fixture = (name: string) => readFileSync(path.join(FIX, name));
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('colour text', () => {
  it('accepts hex, rgb(), hsl() and hsv() when valid and normalises to #rrggbb', () => {
    expect(parseColor('#1A2B3C')).toBe('#1a2b3c');
    expect(parseColor('abc')).toBe('#aabbcc');
    expect(parseColor('rgb(245, 248, 250)')).toBe('#f5f8fa'); // the spec's default background
    expect(parseColor('rgb(245 248 250)')).toBe('#f5f8fa');
    expect(parseColor('rgb(100%, 0%, 0%)')).toBe('#ff0000');
    expect(parseColor('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(parseColor('hsl(120deg 100% 25%)')).toBe('#008000');
    expect(parseColor('hsv(240, 100%, 100%)')).toBe('#0000ff');
    expect(parseColor('HSV(0, 0%, 100%)')).toBe('#ffffff');
  });
  it('refuses anything else', () => {
    for (const bad of ['', '#12345', '#ggg', 'red', 'rgb(256, 0, 0)', 'rgb(10%, 0, 0)', 'hsl(400, 10%, 10%)', 'hsl(10, 101%, 10%)', 'rgb(1,2)', 'url(x)', 'rgb(1,2,3);background:red']) {
      expect(parseColor(bad), bad).toBeNull();
    }
  });
});

describe('form schemas (seed 000 §5, seed 001 §5)', () => {
  it('header: title required and at most 30, subtitle 40, description 130; empty texts become null', () => {
    const ok = headerInputSchema.safeParse({ title: 'x'.repeat(30), subtitle: '', description: '  ', action_type: 'none' });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ subtitle: null, description: null, target: 'all', button_label: null });
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'x'.repeat(31) }))).toHaveProperty('title');
    expect(fieldsOf(headerInputSchema.safeParse({ title: '' }))).toHaveProperty('title', 'validation.required');
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', subtitle: 'x'.repeat(41) }))).toHaveProperty('subtitle');
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', description: 'x'.repeat(131) }))).toHaveProperty('description');
    expect(headerInputSchema.safeParse({ title: 'a', subtitle: 'x'.repeat(40), description: 'x'.repeat(130) }).success).toBe(true);
  });
  it('header: url required for action url; button label required unless none; product for product', () => {
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', action_type: 'url', button_label: 'more' }))).toEqual({ url: 'validation.required' });
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', action_type: 'url', url: 'javascript:alert(1)', button_label: 'more' }))).toHaveProperty('url');
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', action_type: 'signup' }))).toEqual({ button_label: 'validation.required' });
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', action_type: 'product', button_label: 'buynow' }))).toEqual({ product: 'validation.required' });
    expect(headerInputSchema.safeParse({ title: 'a', action_type: 'none' }).success).toBe(true);
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', button_label: 'nope' }))).toHaveProperty('button_label');
    expect(fieldsOf(headerInputSchema.safeParse({ title: 'a', extra: 1 }))).toHaveProperty('');
  });
  it('slide: both images required; URL links must match the carousel pattern', () => {
    const img = '/media/0f9a1c4e-1111-4222-8333-944455566677.png';
    expect(fieldsOf(slideInputSchema.safeParse({ type: 'URL', url: 'https://example.com' }))).toMatchObject({ hzt_image: expect.any(String), vrt_image: expect.any(String) });
    expect(fieldsOf(slideInputSchema.safeParse({ hzt_image: img, vrt_image: img, type: 'URL', url: 'not a link' }))).toEqual({ url: 'invalid_shop_carousel_link' });
    expect(fieldsOf(slideInputSchema.safeParse({ hzt_image: img, vrt_image: img, type: 'URL', url: 'javascript:alert(1)' }))).toEqual({ url: 'invalid_shop_carousel_link' });
    expect(fieldsOf(slideInputSchema.safeParse({ hzt_image: img, vrt_image: img, type: 'URL' }))).toEqual({ url: 'validation.required' });
    expect(slideInputSchema.safeParse({ hzt_image: img, vrt_image: img, type: 'URL', action_type: 'none' }).success).toBe(true);
    expect(fieldsOf(slideInputSchema.safeParse({ hzt_image: img, vrt_image: img, type: 'PRODUCT' }))).toEqual({ product: 'validation.required' });
    expect(fieldsOf(slideInputSchema.safeParse({ hzt_image: 'https://evil.example/x.png', vrt_image: img, type: 'URL', url: 'example.com' }))).toHaveProperty('hzt_image');
  });
  it('banner: url for url, product for product', () => {
    const img = '/media/0f9a1c4e-1111-4222-8333-944455566677.svg';
    expect(fieldsOf(bannerInputSchema.safeParse({ hzt_image: img, action_type: 'url' }))).toEqual({ url: 'validation.required' });
    expect(fieldsOf(bannerInputSchema.safeParse({ hzt_image: img, action_type: 'product' }))).toEqual({ product: 'validation.required' });
    expect(bannerInputSchema.safeParse({ hzt_image: img, action_type: 'signup', target: 'anon' }).success).toBe(true);
  });
  it('catalogue: name required, at most 150', () => {
    expect(fieldsOf(catalogueCreateSchema.safeParse({ name: '   ' }))).toEqual({ name: 'validation.required' });
    expect(fieldsOf(catalogueCreateSchema.safeParse({ name: 'x'.repeat(151) }))).toHaveProperty('name');
    expect(catalogueCreateSchema.safeParse({ name: 'x'.repeat(150) }).success).toBe(true);
    expect(catalogueSlug('Café de Altura — Edición 2025!')).toBe('cafe-de-altura-edicion-2025');
    expect(catalogueSlug('!!!')).toBe('catalogo');
  });
  it('store: colours normalised, social empty -> null, a handle -> its profile address, discord a URL, contact normalised', () => {
    const r = storePatchSchema.safeParse({
      color1: 'rgb(245, 248, 250)', color2: 'hsl(0, 100%, 50%)', facebook: '', instagram: ' @casa ', discord: '',
      whatsapp_country_code: '+52', whatsapp_phone: '(81) 1234-5678', live_chat_license: '12345678', adornment_type: '',
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      color1: '#f5f8fa', color2: '#ff0000', facebook: null, instagram: 'https://www.instagram.com/casa', discord: null, whatsapp_country_code: '52',
      whatsapp_phone: '8112345678', live_chat_license: 12345678, adornment_type: null,
    });
    expect(fieldsOf(storePatchSchema.safeParse({ discord: 'not a url' }))).toHaveProperty('discord');
    expect(fieldsOf(storePatchSchema.safeParse({ discord: 'javascript:alert(1)' }))).toHaveProperty('discord');
    expect(fieldsOf(storePatchSchema.safeParse({ name: '' }))).toEqual({ name: 'validation.required' });
    expect(fieldsOf(storePatchSchema.safeParse({ color1: 'red' }))).toHaveProperty('color1');
    expect(fieldsOf(storePatchSchema.safeParse({ columns: 3 }))).toHaveProperty('columns');
    expect(fieldsOf(storePatchSchema.safeParse({ live_chat_license: '12.5' }))).toHaveProperty('live_chat_license');
    expect(fieldsOf(storePatchSchema.safeParse({ photo: 'https://evil.example/x.png' }))).toHaveProperty('photo');
    expect(storePatchSchema.safeParse({}).success).toBe(false);
  });
});

describe('SVG sanitiser', () => {
  it('removes script, foreignObject, event handlers, javascript: and external references, @import and url(http)', () => {
    const { svg, removed } = sanitizeSvg(fixture('evil.svg').toString('utf8'));
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/foreignObject|iframe|<animate/i);
    expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
    expect(svg).not.toMatch(/javascript:/i);
    expect(svg).not.toMatch(/https?:\/\/evil/i);
    expect(svg).not.toMatch(/@import/i);
    expect(svg).toContain('<circle cx="50" cy="50" r="40" fill="#e8590c"/>');
    expect(removed).toEqual(expect.arrayContaining(['<script>', 'onload attribute', 'onclick attribute', '<foreignObject>']));
    expect(probeImage(Buffer.from(svg))).toMatchObject({ format: 'svg', width: 100, height: 100 });
  });
  it('keeps a clean drawing as it is (internal url(#id) references included)', () => {
    const { svg, removed } = sanitizeSvg(fixture('valid.svg').toString('utf8'));
    expect(removed).toEqual([]);
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('>Casa Norte</text>');
  });
  it('decodes entities before checking, so encoded javascript: is caught', () => {
    const { svg } = sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><use href="&#106;avascript:alert(1)"/><rect fill="u&#114;l(http://x/y)"/></svg>');
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1" height="1"><use/><rect/></svg>');
  });
  it('refuses what it cannot read safely', () => {
    for (const bad of ['<svg><g></svg>', 'hello', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>', '<svg>&nbsp;</svg>', '<svg a=1></svg>', '<html></html>', '<svg></svg><svg></svg>']) {
      expect(() => sanitizeSvg(bad), bad).toThrow(SvgRejected);
    }
  });
  it('CSS: drops imports, external url(), and anything escaped', () => {
    expect(sanitizeCss('@import "x.css"; a { fill: red }')).toBe('a { fill: red }');
    expect(sanitizeCss('a { fill: url(#g) }')).toBe('a { fill: url(#g) }');
    expect(sanitizeCss('a { fill: url("http://x/y") }')).toBe('a { fill: none }');
    expect(sanitizeCss('a { background: \\75 rl(http://x) }')).toBe('');
    expect(sanitizeCss('a { background: image-set("x.png" 1x) }')).toBe('');
  });
});

describe('upload checks (content, not name)', () => {
  const file = (name: string, bytes: Buffer, type = '') => ({ name, type, bytes });
  const status = async (f: () => Promise<unknown>) => { try { await f(); return 200; } catch (e) { return (e as AppError).status; } };
  it('accepts jpg, jpeg, png and svg by their content', async () => {
    await expect(checkImage(file('logo.png', fixture('valid.png'), 'image/png'))).resolves.toMatchObject({ format: 'png', sanitized: false, probe: { width: 64, height: 32 } });
    await expect(checkImage(file('foto.jpeg', fixture('valid.jpg')))).resolves.toMatchObject({ format: 'jpeg' });
    await expect(checkImage(file('foto.jpg', fixture('valid.jpg'), 'image/jpeg'))).resolves.toMatchObject({ format: 'jpeg' });
    await expect(checkImage(file('logo.svg', fixture('valid.svg'), 'image/svg+xml'))).resolves.toMatchObject({ format: 'svg', sanitized: false });
    await expect(checkImage(file('blob', fixture('valid.png')))).resolves.toMatchObject({ format: 'png' }); // no extension: content decides
  });
  it('refuses a PNG named .svg, text named .png, other types, and mismatched declared types with 415', async () => {
    expect(await status(() => checkImage(file('logo.svg', fixture('png-disguised.svg'))))).toBe(415);
    expect(await status(() => checkImage(file('foto.png', fixture('text-disguised.png'))))).toBe(415);
    expect(await status(() => checkImage(file('foto.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'))))).toBe(415);
    expect(await status(() => checkImage(file('foto', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'))))).toBe(415);
    expect(await status(() => checkImage(file('foto.exe', fixture('valid.png'))))).toBe(415);
    expect(await status(() => checkImage(file('foto.png', fixture('valid.png'), 'image/svg+xml')))).toBe(415);
    expect(await status(() => checkImage(file('x.svg', Buffer.from('<svg><script>alert(1)</svg>'))))).toBe(415);
  });
  it('sanitises an SVG with script', async () => {
    const r = await checkImage(file('evil.svg', fixture('evil.svg'), 'image/svg+xml'));
    expect(r.sanitized).toBe(true);
    expect(r.bytes.toString('utf8')).not.toMatch(/<script|onload|javascript:|evil\.example/i);
  });
  it('reads a body with a hard limit: a large Content-Length is refused before reading, a long stream is cut off', async () => {
    const tooLarge = () => new AppError('payload_too_large', photoRejectedMessage(PHOTO_MAX_BYTES));
    expect(photoRejectedMessage(PHOTO_MAX_BYTES)).toBe('Imagen rechazada – El tamaño de archivo de la imagen sobrepasa el máximo permitido (4 MB). Los formatos válidos son .jpeg, .png, .svg');
    let pulled = 0;
    const endless = () => new ReadableStream<Uint8Array>({ pull(c) { pulled++; c.enqueue(new Uint8Array(64 * 1024)); } });
    const declared = new Request('http://x/', { method: 'POST', body: endless(), duplex: 'half', headers: { 'content-length': '99999999' } } as RequestInit);
    await expect(readBodyLimited(declared, 1000, tooLarge)).rejects.toMatchObject({ status: 413 });
    pulled = 0;
    const chunked = new Request('http://x/', { method: 'POST', body: endless(), duplex: 'half' } as RequestInit);
    await expect(readBodyLimited(chunked, 200_000, tooLarge)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(10);
    const small = new Request('http://x/', { method: 'POST', body: 'hello' });
    expect((await readBodyLimited(small, 10, tooLarge)).toString()).toBe('hello');
  });
});

describe('theme documents (builder)', () => {
  const basic = getPack('basic').pack;
  const doc = (templates: z.input<typeof themeDocumentSchema>['templates'], extra: Partial<ThemeDocument> = {}): ThemeDocument =>
    themeDocumentSchema.parse({ pack: 'basic', templates, ...extra });

  it('materialises every page of the pack and keeps the shop\'s own pages', () => {
    const own = doc({ home: { sections: [{ id: 'p', type: 'products' }] } });
    const full = materialise(own, basic);
    expect(full.templates.home!.sections.map((s) => s.id)).toEqual(['p']);
    expect(full.templates.product!.sections.map((s) => s.type)).toEqual(basic.templates.product!.sections.map((s) => s.type));
  });

  it('publishing refuses invalid settings with the path, wrong pages, duplicates and unknown types', () => {
    const bad = doc({
      home: { sections: [
        { id: 'a', type: 'products', settings: { columns: 9 } },
        { id: 'b', type: 'main-product' },
        { id: 'c', type: 'nope' },
        { id: 'a', type: 'rich-text', settings: { align: 'sideways' } },
        { id: 'e', type: 'header-carousel' },
        { id: 'f', type: 'header-carousel' },
      ] },
    });
    const { errors } = checkTheme(bad, basic);
    expect(errors['templates.home.sections[0].settings.columns']).toBeTruthy();
    expect(errors['templates.home.sections[1].type']?.[0]).toMatch(/cannot be used on page "home"/);
    expect(errors['templates.home.sections[2].type']?.[0]).toMatch(/unknown section type/i);
    expect(errors['templates.home.sections[3].id']?.[0]).toMatch(/duplicate/i);
    expect(errors['templates.home.sections[3].settings.align']).toBeTruthy();
    expect(errors['templates.home.sections[5].type']?.[0]).toMatch(/only one/i);
    // In the admin's language when the request's translator is given (the builder shows these).
    const es = checkTheme(bad, basic, getT('es')).errors;
    expect(es['templates.home.sections[1].type']?.[0]).toBe('La sección «main-product» no se puede usar en la página «home»');
    expect(es['templates.home.sections[5].type']?.[0]).toBe('Solo puede haber una sección «header-carousel» por página');
    expect(es['templates.home.sections[0].settings.columns']?.[0]).not.toMatch(/[Tt]oo big|expected/);
    const drafted = checkDraft({ ...bad, settings: { logo_size: 3 } }, basic, getT('es')).warnings.map((w) => w.message);
    expect(drafted).toContain('«el tema basic» no tiene el ajuste «logo_size»; se conserva pero no se usa');
    expect(drafted.join(' ')).not.toMatch(/ has no | cannot | only one /);
    expect(errors['templates.home.sections[4].type']).toBeUndefined();
  });

  it('accepts a valid reorder; hidden sections and unknown setting keys are kept and reported as warnings', () => {
    const home = basic.templates.home!.sections.map((s) => ({ ...s })).reverse();
    home.push({ id: 'old', type: 'products', disabled: true, settings: { columns: 99 }, blocks: [] });
    const ok = doc({ home: { sections: [...home, { id: 'x', type: 'rich-text', disabled: false, settings: { title: 'Hola', legacy: 1 }, blocks: [] }] } });
    const r = checkTheme(ok, basic);
    expect(r.errors).toEqual({});
    expect(r.warnings).toEqual([expect.objectContaining({ path: `templates.home.sections[${home.length}].settings.legacy` })]);
  });

  it('a page keeps its main section (visible)', () => {
    const noMain = doc({ product: { sections: [{ id: 'related', type: 'related-products' }] } });
    expect(checkTheme(noMain, basic).errors['templates.product.sections']?.[0]).toMatch(/main-product/);
    const hidden = doc({ product: { sections: [{ id: 'main', type: 'main-product', disabled: true }] } });
    expect(checkTheme(hidden, basic).errors).toHaveProperty(['templates.product.sections']);
    expect(checkTheme(doc({ product: { sections: [{ id: 'main', type: 'main-product' }] } }), basic).errors).toEqual({});
  });

  it('a draft keeps per-field problems as warnings but refuses duplicate ids', () => {
    const d = doc({ home: { sections: [{ id: 'a', type: 'products', settings: { columns: 9 } }] } });
    const r = checkDraft(d, basic);
    expect(r.errors).toEqual({});
    expect(r.warnings).toEqual([expect.objectContaining({ path: 'templates.home.sections[0].settings.columns' })]);
    expect(checkDraft(doc({ home: { sections: [{ id: 'a', type: 'products' }, { id: 'a', type: 'services' }] } }), basic).errors)
      .toHaveProperty(['templates.home.sections[1].id']);
  });

  it('switching packs reports what the new pack does not know, never drops it', () => {
    const narrow = { ...basic, id: 'narrow', settings: [], sections: { products: basic.sections.products! } };
    const d = doc({ home: { sections: [{ id: 'p', type: 'products' }, { id: 'r', type: 'rich-text' }, { id: 'h', type: 'rich-text', disabled: true }] } }, { settings: { accent: '#000000' } });
    const w = packSwitchWarnings(d, basic, narrow);
    expect(w.map((x) => x.path)).toEqual(['templates.home.sections[1].type', 'settings.accent']);
    expect(d.templates.home!.sections).toHaveLength(3);
    expect(checkTheme(d, narrow).errors['templates.home.sections[1].type']?.[0]).toMatch(/does not offer/);
  });

  it('refuses structural nonsense at the schema', () => {
    expect(themeDocumentSchema.safeParse({ pack: 'basic', templates: { home: { sections: [{ id: 'Bad Id', type: 'products' }] } } }).success).toBe(false);
    expect(themeDocumentSchema.safeParse({ pack: 'basic', templates: { nowhere: { sections: [] } } }).success).toBe(false);
    expect(themeDocumentSchema.safeParse({ pack: 'basic', templates: { home: { sections: Array.from({ length: 41 }, (_, i) => ({ id: `s${i}`, type: 'rich-text' })) } } }).success).toBe(false);
    expect(themeDocumentSchema.safeParse({ pack: 'basic', templates: { home: { sections: [{ id: 'a', type: 'rich-text', settings: { t: { nested: true } } }] } } }).success).toBe(false);
  });
});
