// The shared URL rules (issue 9, stored XSS through links): every spelling of a script address is refused on save
// and inert at render; handles become profile addresses; what stays is http(s), mailto/tel and same-site paths
// only where a field allows them.
import { describe, expect, it } from 'vitest';
import { storePatchSchema } from '../../src/domain/admin/schema.ts';
import {
  checkLink, httpOrigin, httpUrlSchema, LINK_RULES, mediaSrcSchema, normaliseCarouselLink, normaliseLink, safeHref, safeSrc,
  shopLinkSchema,
} from '../../src/lib/shared/safe-url.ts';
import { SOCIAL_NETWORKS, socialFieldSchema, socialProfileUrl } from '../../src/lib/shared/social-links.ts';
import { shopLink, slideHref } from '../../src/lib/shared/slides.ts';
import { slideSchema } from '../../src/domain/shops/schema.ts';

/** Script and foreign-origin addresses in the spellings browsers accept. */
export const HOSTILE = [
  'javascript:alert(document.domain)', 'JaVaScRiPt:alert(1)', ' JaVaScRiPt:alert(1)', '\tjavascript:alert(1)',
  'java\tscript:alert(1)', 'java\nscript:alert(1)', 'java\rscript:alert(1)', 'javascript\u0000:alert(1)', '\u0000javascript:alert(1)',
  'javascript&colon;alert(1)', '&#106;avascript:alert(1)', 'jav&#x09;ascript:alert(1)', 'javascript:%61lert(1)',
  '\u00a0javascript:alert(1)', 'java\u200bscript:alert(1)', '\ufeffjavascript:alert(1)', 'javascript\u2028:alert(1)',
  'data:text/html,<script>alert(1)</script>', 'DATA:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)', 'file:///etc/passwd',
  '//evil.example', '///evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', ' //evil.example',
  'https://example.com/"><img src=x onerror=alert(1)>', "https://example.com/'onmouseover='alert(1)", 'https://exa mple.com',
  'http:\\\\evil.example', 'https://', 'https:///', 42, null, undefined, {},
] as const;

describe('checkLink: one parser, no second meanings', () => {
  it('refuses every hostile spelling in every rule set', () => {
    for (const rules of Object.values(LINK_RULES)) {
      for (const bad of HOSTILE) expect(checkLink(bad, rules), `${JSON.stringify(bad)} with ${JSON.stringify(rules)}`).toBeNull();
    }
  });
  it('keeps absolute http(s) URLs as typed (trimmed), any case', () => {
    expect(checkLink('https://www.example.com/a?b=1#c')).toBe('https://www.example.com/a?b=1#c');
    expect(checkLink('  HTTP://Example.com/X  ')).toBe('HTTP://Example.com/X');
    expect(checkLink('https://tienda.mx:8443/x')).toBe('https://tienda.mx:8443/x');
  });
  it('web: absolute http(s) only; no paths, mail or phone', () => {
    for (const v of ['/catalogos', '#top', '?page=2', 'mailto:a@b.example', 'tel:+5255', 'tienda.mx', 'catalogos']) expect(checkLink(v, LINK_RULES.web), v).toBeNull();
  });
  it('same-site paths only where a field opts in; never //host', () => {
    expect(checkLink('/catalogos/novedades?x=1#y', { paths: true })).toBe('/catalogos/novedades?x=1#y');
    expect(checkLink('#opiniones', { paths: true })).toBe('#opiniones');
    expect(checkLink('?page=2', { paths: true })).toBe('?page=2');
    expect(checkLink('/catalogos', {})).toBeNull();
    for (const bad of ['//evil.example', '/\\evil.example', '/%09/evil.example/../x']) {
      const v = checkLink(bad, { paths: true });
      if (v !== null) expect(new URL(v, 'https://here.example').origin).toBe('https://here.example');
    }
  });
  it('mailto and tel only where a field opts in', () => {
    expect(checkLink('mailto:hola@example.com', LINK_RULES.content)).toBe('mailto:hola@example.com');
    expect(checkLink('tel:+52-55-1234-5678', LINK_RULES.content)).toBe('tel:+52-55-1234-5678');
    expect(checkLink('mailto:hola@example.com', LINK_RULES.shop)).toBeNull();
    expect(checkLink('tel:javascript:alert(1)', LINK_RULES.content)).toBeNull();
    expect(checkLink('mailto:', LINK_RULES.content)).toBeNull();
  });
  it('a bare domain becomes https:// only where a field opts in', () => {
    expect(checkLink('tienda.mx/ofertas', LINK_RULES.shop)).toBe('https://tienda.mx/ofertas');
    expect(checkLink('www.casa-norte.com.mx', LINK_RULES.shop)).toBe('https://www.casa-norte.com.mx');
    expect(checkLink('tienda.mx', LINK_RULES.web)).toBeNull();
  });
  it('media: https or a same-site path (no mixed content)', () => {
    expect(checkLink('/media/0b6a1f0e-1a2b-4c3d-8e9f-0123456789ab.png', LINK_RULES.media)).toBe('/media/0b6a1f0e-1a2b-4c3d-8e9f-0123456789ab.png');
    expect(checkLink('https://cdn.example/a.png', LINK_RULES.media)).toBe('https://cdn.example/a.png');
    expect(checkLink('http://cdn.example/a.png', LINK_RULES.media)).toBeNull();
  });
  it('refuses addresses longer than 2000 characters', () => {
    expect(checkLink(`https://example.com/${'a'.repeat(1981)}`)).toBeNull();
  });
});

describe('zod variants (on save)', () => {
  it('httpUrlSchema, shopLinkSchema and mediaSrcSchema answer the normalised address or a field message', () => {
    expect(httpUrlSchema.parse(' https://ayuda.example/x ')).toBe('https://ayuda.example/x');
    expect(shopLinkSchema.parse('ayuda.example')).toBe('https://ayuda.example');
    expect(shopLinkSchema.parse('/asistentes/emprendedores')).toBe('/asistentes/emprendedores');
    expect(mediaSrcSchema.parse('/media/x.png')).toBe('/media/x.png');
    for (const schema of [httpUrlSchema, shopLinkSchema, mediaSrcSchema]) {
      for (const bad of HOSTILE.filter((v) => typeof v === 'string')) expect(schema.safeParse(bad).success, bad).toBe(false);
    }
    expect(httpUrlSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe('validation.invalidUrl'); // a message key, translated in the answer
  });
  it('header and banner links: http(s), a domain or a shop path', () => {
    expect(normaliseLink('/asistentes/emprendedores')).toBe('/asistentes/emprendedores');
    expect(normaliseLink('https://ayuda.example/x')).toBe('https://ayuda.example/x');
    expect(normaliseLink('ayuda.example')).toBe('https://ayuda.example');
    for (const bad of HOSTILE.filter((v) => typeof v === 'string')) expect(normaliseLink(bad), bad).toBeNull();
  });
  it('carousel links follow the pattern (optional http(s) and www, domain, TLD of 2+ letters, optional path), or a shop path', () => {
    expect(normaliseCarouselLink('https://www.example.com/ofertas?x=1')).toBe('https://www.example.com/ofertas?x=1');
    expect(normaliseCarouselLink('tienda.mx')).toBe('https://tienda.mx');
    expect(normaliseCarouselLink('www.casa-norte.com.mx/catalogos/novedades')).toBe('https://www.casa-norte.com.mx/catalogos/novedades');
    expect(normaliseCarouselLink('/catalogos/novedades')).toBe('/catalogos/novedades');
    for (const bad of ['http://localhost', 'example', 'http://example.c', 'ftp://example.com', 'exa mple.com', 'https://example.com/"onmouseover=', ...HOSTILE.filter((v) => typeof v === 'string')]) {
      expect(normaliseCarouselLink(bad), bad).toBeNull();
    }
  });
});

describe('social links: a handle becomes the profile address, or is refused', () => {
  it('turns handles into each network profile', () => {
    expect(socialProfileUrl('facebook', '@tienda')).toBe('https://www.facebook.com/tienda');
    expect(socialProfileUrl('facebook', 'casa.norte')).toBe('https://www.facebook.com/casa.norte');
    expect(socialProfileUrl('instagram', ' tienda_mx ')).toBe('https://www.instagram.com/tienda_mx');
    expect(socialProfileUrl('twitter', '@tienda')).toBe('https://x.com/tienda');
    expect(socialProfileUrl('youtube', '@tienda')).toBe('https://www.youtube.com/@tienda');
    expect(socialProfileUrl('twitch', 'tienda')).toBe('https://www.twitch.tv/tienda');
    expect(socialProfileUrl('kick', '@tienda')).toBe('https://kick.com/tienda');
  });
  it('keeps full http(s) addresses (any host) and completes bare ones', () => {
    expect(socialProfileUrl('facebook', 'https://www.facebook.com/casanorte03')).toBe('https://www.facebook.com/casanorte03');
    expect(socialProfileUrl('instagram', 'instagram.com/tienda')).toBe('https://instagram.com/tienda');
    expect(socialProfileUrl('discord', 'https://discord.gg/abc123')).toBe('https://discord.gg/abc123');
    expect(socialProfileUrl('discord', 'discord.gg/abc123')).toBe('https://discord.gg/abc123');
  });
  it('refuses free text that is no handle, discord handles and every hostile address', () => {
    for (const n of SOCIAL_NETWORKS) {
      for (const bad of ['mi canal', '@@tienda', 'tienda!', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', ...HOSTILE.filter((v) => typeof v === 'string')]) {
        expect(socialProfileUrl(n, bad), `${n}: ${JSON.stringify(bad)}`).toBeNull();
      }
    }
    expect(socialProfileUrl('discord', 'tienda')).toBeNull();
    expect(socialProfileUrl('twitter', 'nombre_demasiado_largo')).toBeNull();
  });
  it('the field schema: empty -> null, the address, or the given message', () => {
    expect(socialFieldSchema('facebook').parse('  ')).toBeNull();
    expect(socialFieldSchema('facebook').parse(null)).toBeNull();
    expect(socialFieldSchema('twitch').parse('@tienda')).toBe('https://www.twitch.tv/tienda');
    expect(socialFieldSchema('facebook', 'texto').safeParse('mi canal').error?.issues[0]?.message).toBe('texto');
  });
  it('the store PATCH schema refuses hostile addresses in every URL field', () => {
    for (const field of [...SOCIAL_NETWORKS, 'users_support_url'] as const) {
      for (const bad of HOSTILE.filter((v) => typeof v === 'string' && v.trim())) {
        const r = storePatchSchema.safeParse({ [field]: bad });
        expect(r.success, `${field}: ${JSON.stringify(bad)}`).toBe(false);
        expect(r.error!.issues.some((i) => i.path[0] === field), field).toBe(true);
      }
    }
    expect(storePatchSchema.parse({ facebook: '@tienda', users_support_url: 'https://ayuda.example' }))
      .toEqual({ facebook: 'https://www.facebook.com/tienda', users_support_url: 'https://ayuda.example' });
  });
});

describe('at render: stored data never becomes a script link', () => {
  it('safeHref, safeSrc and httpOrigin answer null for anything unsafe', () => {
    for (const bad of HOSTILE) {
      expect(safeHref(bad as string), JSON.stringify(bad)).toBeNull();
      expect(safeSrc(bad as string), JSON.stringify(bad)).toBeNull();
      expect(httpOrigin(bad as string), JSON.stringify(bad)).toBeNull();
    }
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('https://x.example/a')).toBe('https://x.example/a');
    expect(safeHref('/a')).toBe('/a');
    expect(safeHref('/a', LINK_RULES.web)).toBeNull();
    expect(safeSrc('/media/a.png')).toBe('/media/a.png');
    expect(httpOrigin('https://tienda-04.example/x')).toBe('https://tienda-04.example');
  });
  it('slide and header links stored with a script address link nowhere', () => {
    // Null, or at worst an inert path on this site ('javascript&colon;x' is the page /javascript&colon;x).
    const inert = (v: string | null) => v === null || new URL(v, 'https://here.example/demo-03/').origin === 'https://here.example';
    for (const bad of HOSTILE.filter((v) => typeof v === 'string')) {
      expect(inert(shopLink(bad, '/demo-03')), bad).toBe(true);
      const slide = slideSchema.parse({ hzt_image: '/media/a.png', type: 'URL', url: bad, action_type: 'url' });
      expect(inert(slideHref(slide, '/demo-03')), bad).toBe(true);
    }
    expect(shopLink('javascript:alert(1)', '/demo-03')).toBeNull();
    expect(shopLink('//evil.example', '/demo-03')).toBeNull();
    expect(shopLink('/catalogos/novedades', '/demo-03')).toBe('/demo-03/catalogos/novedades');
    expect(shopLink('/ayuda/terminos', '/demo-03')).toBe('/ayuda/terminos');
    expect(shopLink('catalogos', '/demo-03')).toBe('/demo-03/catalogos');
    expect(shopLink('https://x.example/a', '/demo-03')).toBe('https://x.example/a');
  });
  it('social values stored as free text before the fix link to the profile or not at all', () => {
    expect(socialProfileUrl('facebook', '@tienda')).toBe('https://www.facebook.com/tienda');
    expect(socialProfileUrl('facebook', 'mi canal')).toBeNull();
    expect(socialProfileUrl('facebook', 'javascript:alert(document.domain)')).toBeNull();
  });
});
