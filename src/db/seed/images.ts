// Deterministic SVG pictures for the seeds: product photos, shop logos, supplier images, catalogue covers
// and carousel slides. No external links or web fonts (generic font families only); each file stays small.
import { createHash } from 'node:crypto';

export type IconKind =
  | 'shirt' | 'dress' | 'bag' | 'textile' | 'coffee' | 'cup' | 'leaf' | 'mountain' | 'wave' | 'balloon'
  | 'tent' | 'compass' | 'vase' | 'candle' | 'needle' | 'ticket' | 'star' | 'tag';

export interface SvgImage {
  svg: string;
  width: number;
  height: number;
  /** Suggested file name, e.g. 'camisa-de-lino-azul-1.svg'. */
  name: string;
}

/** A `media` row (see src/db/schema/media.ts). */
export interface MediaRow {
  id: string;
  owner: string | null;
  content_type: string;
  bytes: Buffer;
  byte_size: number;
  width: number;
  height: number;
  original_name: string;
  sha256: string;
  created_at: Date;
}

/** The address a stored picture is served at. */
export function mediaUrl(id: string): string {
  return `/media/${id}.svg`;
}

export function toMediaRow(id: string, owner: string | null, img: SvgImage, createdAt: Date): MediaRow {
  const bytes = Buffer.from(img.svg, 'utf8');
  return {
    id, owner, content_type: 'image/svg+xml', bytes, byte_size: bytes.length, width: img.width, height: img.height,
    original_name: img.name, sha256: createHash('sha256').update(bytes).digest('hex'), created_at: createdAt,
  };
}

// ---------- colour helpers ----------

function hslToHex(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = s / 100, ll = l / 100;
  const k = (n: number) => (n + hh / 30) % 12;
  const a = ss * Math.min(ll, 1 - ll);
  const f = (n: number) => ll - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const to = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${to(f(0))}${to(f(8))}${to(f(4))}`;
}

function mix(hex: string, other: string, t: number): string {
  const p = (h: string, i: number) => parseInt(h.slice(1 + i * 2, 3 + i * 2), 16);
  const c = (i: number) => Math.round(p(hex, i) * (1 - t) + p(other, i) * t).toString(16).padStart(2, '0');
  return `#${c(0)}${c(1)}${c(2)}`;
}

function luminance(hex: string): number {
  const p = (i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return 0.2126 * p(0) + 0.7152 * p(1) + 0.0722 * p(2);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits text into at most `maxLines` lines of about `width` characters, ending with '…' when cut. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (line && (line + ' ' + w).length > width) {
      lines.push(line);
      line = w;
      if (lines.length === maxLines) {
        const last = lines[maxLines - 1]!;
        lines[maxLines - 1] = (last.length > width - 1 ? last.slice(0, width - 1) : last) + '…';
        return lines;
      }
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function star(cx: number, cy: number, r: number, fill: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 ? r * 0.42 : r;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${Math.round(cx + rr * Math.cos(a))},${Math.round(cy + rr * Math.sin(a))}`);
  }
  return `<path d="M${pts.join(' ')}Z" fill="${fill}"/>`;
}

// ---------- illustrations (drawn in a box of about ±95 around the origin) ----------

function icon(kind: IconKind, m: string, d: string): string {
  switch (kind) {
    case 'shirt':
      return `<path d="M-38-78-88-52-70-6-50-16V84H50V-16L70-6 88-52 38-78C30-58-30-58-38-78Z" fill="${m}" stroke="${d}" stroke-width="3"/>`
        + `<path d="M-38-78C-30-58 30-58 38-78M0-60V84" fill="none" stroke="${d}" stroke-width="5"/>`
        + `<circle cy="-30" r="4" fill="${d}"/><circle cy="0" r="4" fill="${d}"/><circle cy="30" r="4" fill="${d}"/>`;
    case 'dress':
      return `<path d="M-26-84H26L32-36 78 84H-78L-32-36Z" fill="${m}" stroke="${d}" stroke-width="3"/>`
        + `<rect x="-36" y="-42" width="72" height="12" rx="4" fill="${d}"/><path d="M-26-84-36-98M26-84 36-98" stroke="${d}" stroke-width="6"/>`
        + `<path d="M-50 40Q0 56 50 40" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>`;
    case 'bag':
      return `<path d="M-36-28V-50A36 36 0 0 1 36-50V-28" fill="none" stroke="${d}" stroke-width="10"/>`
        + `<rect x="-76" y="-32" width="152" height="118" rx="14" fill="${m}" stroke="${d}" stroke-width="3"/>`
        + `<rect x="-76" y="-4" width="152" height="12" fill="${d}" fill-opacity=".5"/><circle cy="30" r="8" fill="#fff"/>`;
    case 'textile':
      return `<rect x="-85" y="-62" width="170" height="44" rx="10" fill="${m}" stroke="${d}" stroke-width="3"/><rect x="-78" y="-14" width="156" height="44" rx="10" fill="${d}"/>`
        + `<rect x="-85" y="34" width="170" height="44" rx="10" fill="${m}" stroke="${d}" stroke-width="3"/>`
        + `<path d="M-80-40H80M-72 8H72M-80 56H80" stroke="#fff" stroke-opacity=".8" stroke-width="4" stroke-dasharray="10 6"/>`;
    case 'coffee':
      return `<path d="M-60-70H60L72 84H-72Z" fill="${m}"/><path d="M-60-70-48-90H48L60-70Z" fill="${d}"/>`
        + `<g transform="rotate(20 0 14)"><ellipse cy="14" rx="28" ry="38" fill="#fff" fill-opacity=".9"/>`
        + `<path d="M-4-20C10 0-10 28 4 50" stroke="${d}" stroke-width="5" fill="none"/></g>`;
    case 'cup':
      return `<ellipse cx="-10" cy="84" rx="92" ry="11" fill="${d}"/>`
        + `<path d="M50-20H64A22 22 0 0 1 64 24H50" fill="none" stroke="${m}" stroke-width="12"/>`
        + `<path d="M-70-40H50V40A40 40 0 0 1 10 80H-30A40 40 0 0 1-70 40Z" fill="${m}"/><ellipse cx="-10" cy="-40" rx="60" ry="10" fill="${d}"/>`
        + `<path d="M-40-58C-52-74-28-80-40-96M-10-58C-22-74 2-80-10-96M20-58C8-74 32-80 20-96" fill="none" stroke="${d}" stroke-width="5" stroke-linecap="round" stroke-opacity=".6"/>`;
    case 'leaf':
      return `<path d="M0-90C70-60 70 40 0 90-70 40-70-60 0-90Z" fill="${m}"/>`
        + `<path d="M0-78V90M0-34 34-58M0 6 40-22M0-14-38-40M0 28-40 0" stroke="${d}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    case 'mountain':
      return `<circle cx="50" cy="-56" r="26" fill="#fff" fill-opacity=".85"/><path d="M-95 80-25-52 22 22 45-8 95 80Z" fill="${m}"/>`
        + `<path d="M-12 80 45-8 95 80Z" fill="${d}"/><path d="M-25-52-47-12-32-20-20-4-8-22Z" fill="#fff"/>`;
    case 'wave':
      return `<circle cx="44" cy="-54" r="30" fill="#fff" fill-opacity=".85"/>`
        + `<path d="M-46-36 34 46" stroke="${d}" stroke-width="6" stroke-linecap="round"/><path d="M-84 14H76C62 34-70 34-84 14Z" fill="${d}"/>`
        + `<path d="M-95 44Q-72 28-48 44T0 44T48 44T96 44V92H-95Z" fill="${m}"/>`;
    case 'balloon':
      return `<path d="M0-95C-55-95-70-30-40 10L-14 40H14L40 10C70-30 55-95 0-95Z" fill="${m}"/>`
        + `<path d="M0-95C-22-60-22 0-14 40M0-95C22-60 22 0 14 40" stroke="${d}" stroke-width="4" fill="none"/>`
        + `<path d="M-14 40-12 62M14 40 12 62" stroke="${d}" stroke-width="3"/><rect x="-16" y="62" width="32" height="24" rx="4" fill="${d}"/>`;
    case 'tent':
      return `<path d="M0-80 90 80H-90Z" fill="${m}"/><path d="M0-80 34 80H-34Z" fill="${d}"/><path d="M0 4 22 80H-22Z" fill="#fff" fill-opacity=".6"/>`
        + `<path d="M0-80V-96M-96 80H96" stroke="${d}" stroke-width="6" stroke-linecap="round"/>`;
    case 'compass':
      return `<circle r="84" fill="${d}"/><circle r="70" fill="#fff"/><path d="M0-58 14 0 0 58-14 0Z" fill="${m}"/>`
        + `<path d="M0-58 14 0H-14Z" fill="#c0392b"/><circle r="6" fill="${d}"/>`;
    case 'vase':
      return `<path d="M-26-84H26V-64C70-40 76 40 40 84H-40C-76 40-70-40-26-64Z" fill="${m}"/>`
        + `<path d="M-60 0H60" stroke="${d}" stroke-width="8"/><path d="M-52 26H52" stroke="#fff" stroke-opacity=".6" stroke-width="4" stroke-dasharray="8 6"/>`
        + `<rect x="-32" y="-94" width="64" height="12" rx="5" fill="${d}"/>`;
    case 'candle':
      return `<ellipse cy="84" rx="70" ry="10" fill="${d}"/><rect x="-40" y="-30" width="80" height="112" rx="10" fill="${m}"/>`
        + `<rect x="-40" y="22" width="80" height="18" fill="${d}" fill-opacity=".4"/><path d="M0-30V-42" stroke="${d}" stroke-width="4"/>`
        + `<path d="M0-40C-22-60 0-80 0-102 10-80 22-60 0-40Z" fill="#f4b63f"/>`;
    case 'needle':
      return `<rect x="-46" y="-70" width="92" height="140" rx="6" fill="${m}"/><rect x="-62" y="-86" width="124" height="18" rx="6" fill="${d}"/>`
        + `<rect x="-62" y="68" width="124" height="18" rx="6" fill="${d}"/>`
        + `<path d="M-46-48H46M-46-24H46M-46 0H46M-46 24H46M-46 48H46" stroke="#fff" stroke-opacity=".4" stroke-width="4"/>`
        + `<path d="M62-92 88 92" stroke="#4b5563" stroke-width="5" stroke-linecap="round"/>`;
    case 'ticket':
      return `<path d="M-90-50H90V-16A16 16 0 0 0 90 16V50H-90V16A16 16 0 0 0-90-16Z" fill="${m}"/>`
        + `<path d="M40-50V50" stroke="#fff" stroke-width="4" stroke-dasharray="8 7"/>${star(-26, 2, 30, '#fff')}`;
    case 'star':
      return `<circle r="86" fill="${m}"/>${star(0, 4, 62, '#fff')}`;
    case 'tag':
      return `<g transform="rotate(-20)"><path d="M-84-56H14L84 0 14 56H-84Z" fill="${m}"/><circle cx="36" r="11" fill="#fff"/>`
        + `<text x="-36" y="14" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">%</text></g>`;
  }
}

interface Palette { bg1: string; bg2: string; main: string; dark: string }

function palette(hue: number, accent: string | null): Palette {
  const bg1 = hslToHex(hue, 62, 91);
  const bg2 = hslToHex(hue + 28, 52, 74);
  const main = accent ?? hslToHex(hue, 52, 46);
  const dark = luminance(main) < 0.2 ? mix(main, '#ffffff', 0.35) : mix(main, '#000000', 0.38);
  return { bg1, bg2, main, dark };
}

const TYPE_BADGE: Record<string, string> = { service: 'Servicio', experience: 'Experiencia' };

/**
 * A product photo, 350x419 (the storefront's product image size): gradient in the category's hue,
 * the category's illustration tinted with the item's colour, and the name in a lower band.
 * `index` (0..2) varies framing and background so an item's photos differ.
 */
export function productImage(opts: {
  name: string; icon: IconKind; hue: number; accent?: string | null; type?: string; index?: number; fileName?: string;
}): SvgImage {
  const W = 350, H = 419;
  const index = opts.index ?? 0;
  const p = palette(opts.hue + index * 14, opts.accent ?? null);
  const grad = index === 1 ? 'x1="1" y1="0" x2="0" y2="1"' : index === 2 ? 'x1="0" y1="1" x2="0" y2="0"' : 'x1="0" y1="0" x2="1" y2="1"';
  const transform = index === 1 ? 'translate(185 178) scale(1.22)' : index === 2 ? 'translate(175 165) rotate(-8) scale(.86)' : 'translate(175 165)';
  const deco = index === 2
    ? `<g fill="#fff" fill-opacity=".35"><circle cx="40" cy="40" r="14"/><circle cx="310" cy="70" r="22"/><circle cx="300" cy="270" r="10"/><circle cx="52" cy="250" r="18"/></g>`
    : `<circle cx="175" cy="165" r="${index === 1 ? 140 : 120}" fill="#fff" fill-opacity=".32"/>`;
  const badge = opts.type && TYPE_BADGE[opts.type]
    ? `<rect x="14" y="14" width="${TYPE_BADGE[opts.type]!.length * 9 + 20}" height="28" rx="14" fill="${p.dark}"/>`
      + `<text x="24" y="33" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">${TYPE_BADGE[opts.type]}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`
    + `<defs><linearGradient id="g" ${grad}><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>`
    // No name band: the storefront prints the name beside the picture (and over it in overlay cards).
    + `<rect width="${W}" height="${H}" fill="url(#g)"/><g transform="translate(0 45)">${deco}<g transform="${transform}">${icon(opts.icon, p.main, p.dark)}</g></g>${badge}</svg>`;
  return { svg, width: W, height: H, name: opts.fileName ?? 'producto.svg' };
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[\p{Lu}\p{N}]/u.test(w));
  const pick = words.length >= 2 ? [words[0]!, words[1]!] : [name];
  return pick.map((w) => [...w][0]!).join('').toUpperCase().slice(0, 3);
}

/** A shop logo: monogram in a circle (square picture) or a wide banner-style logo with the name. */
export function logoImage(opts: { name: string; color1: string; color2: string; wide?: boolean; fileName?: string }): SvgImage {
  const mono = esc(initials(opts.name));
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.color1}"/><stop offset="1" stop-color="${opts.color2}"/></linearGradient></defs>`;
  if (opts.wide) {
    const W = 800, H = 320;
    // The name fits in the 470 px right of the monogram: one line when it can stay large, else two.
    const oneLine = Math.min(50, Math.floor(470 / (opts.name.length * 0.62)));
    const lines = oneLine >= 34 ? [opts.name] : wrap(opts.name, Math.ceil(opts.name.length / 2) + 2, 2);
    const fs = lines.length === 1 ? oneLine : Math.min(46, Math.floor(470 / (Math.max(...lines.map((l) => l.length)) * 0.62)));
    const nameText = lines.map((l, i) => `<text x="300" y="${Math.round(176 + (i - (lines.length - 1) / 2) * fs * 1.15)}" font-family="sans-serif" `
      + `font-size="${fs}" font-weight="700" fill="#fff">${esc(l)}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}`
      + `<rect width="${W}" height="${H}" rx="36" fill="url(#g)"/><circle cx="160" cy="160" r="108" fill="#fff" fill-opacity=".18"/>`
      + `<circle cx="160" cy="160" r="88" fill="none" stroke="#fff" stroke-width="6"/>`
      + `<text x="160" y="186" font-family="serif" font-size="72" font-weight="700" text-anchor="middle" fill="#fff">${mono}</text>`
      + nameText + '</svg>';
    return { svg, width: W, height: H, name: opts.fileName ?? 'logo.svg' };
  }
  const W = 400, H = 400;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}`
    + `<rect width="${W}" height="${H}" fill="#fff"/><circle cx="200" cy="200" r="184" fill="url(#g)"/>`
    + `<circle cx="200" cy="200" r="158" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="5"/>`
    + `<text x="200" y="252" font-family="serif" font-size="${mono.length > 2 ? 110 : 150}" font-weight="700" text-anchor="middle" fill="#fff">${mono}</text></svg>`;
  return { svg, width: W, height: H, name: opts.fileName ?? 'logo.svg' };
}

/** A supplier picture: monogram on a rounded square in the supplier's colour, name underneath. */
export function supplierImage(opts: { name: string; color: string; icon: IconKind; fileName?: string }): SvgImage {
  const W = 400, H = 400;
  const light = mix(opts.color, '#ffffff', 0.85);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`
    + `<rect width="${W}" height="${H}" rx="48" fill="${light}"/>`
    + `<g transform="translate(200 165) scale(1.05)">${icon(opts.icon, opts.color, mix(opts.color, '#000000', 0.35))}</g>`
    + `<text x="200" y="350" font-family="sans-serif" font-size="${opts.name.length > 18 ? 28 : 34}" font-weight="700" text-anchor="middle" fill="${mix(opts.color, '#000000', 0.3)}">${esc(opts.name)}</text></svg>`;
  return { svg, width: W, height: H, name: opts.fileName ?? 'proveedor.svg' };
}

/** A catalogue cover, 400x300 (the storefront's card size). */
export function catalogueImage(opts: { name: string; icon: IconKind; hue: number; fileName?: string }): SvgImage {
  const W = 400, H = 300;
  const p = palette(opts.hue, null);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>`
    + `<rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="330" cy="40" r="70" fill="#fff" fill-opacity=".25"/>`
    + `<g transform="translate(200 118) scale(.8)">${icon(opts.icon, p.main, p.dark)}</g>`
    + `<rect y="228" width="${W}" height="72" fill="${p.dark}" fill-opacity=".88"/>`
    + `<text x="200" y="274" font-family="sans-serif" font-size="${opts.name.length > 24 ? 22 : 28}" font-weight="700" text-anchor="middle" fill="#fff">${esc(opts.name)}</text></svg>`;
  return { svg, width: W, height: H, name: opts.fileName ?? 'catalogo.svg' };
}

/**
 * A carousel slide of any size (desktop 3200x982, two-column desktop 1100x982, mobile 1000x450):
 * gradient in the shop's colours, decorative circles, a headline, a subline and a button shape,
 * plus an illustration on the right when the banner is wide enough.
 */
export function slideImage(opts: {
  width: number; height: number; headline: string; subline?: string; button?: string;
  color1: string; color2: string; icon?: IconKind; fileName?: string;
}): SvgImage {
  const W = opts.width, H = opts.height;
  const wide = W / H > 2;
  const fs = Math.round(Math.min(H * 0.13, W * (wide ? 0.075 : 0.1)));
  const x = Math.round(W * (wide ? 0.07 : 0.08));
  const textWidth = wide ? W * 0.55 : W * 0.84;
  const perLine = Math.max(10, Math.floor(textWidth / (fs * 0.56)));
  // No headline: a picture only (the demo's words are the slide's own HTML text, issue 15).
  const lines = opts.headline ? wrap(opts.headline, perLine, 2) : [];
  const subFs = Math.round(fs * 0.46);
  const blockH = lines.length * fs * 1.12 + (opts.subline ? subFs * 1.8 : 0) + (opts.button ? fs * 1.3 : 0);
  // Wide banners centre the text; tall ones put it in the upper part and the illustration lower right.
  let y = Math.round((wide ? (H - blockH) / 2 : H * 0.14) + fs * 0.85);
  let body = '';
  for (const l of lines) { body += `<text x="${x}" y="${y}" font-size="${fs}" font-weight="800">${esc(l)}</text>`; y += Math.round(fs * 1.12); }
  if (opts.subline) {
    const subLines = wrap(opts.subline, Math.floor(textWidth / (subFs * 0.52)), 1);
    body += `<text x="${x}" y="${y + Math.round(subFs * 0.3)}" font-size="${subFs}" fill-opacity=".92">${esc(subLines[0] ?? '')}</text>`;
    y += Math.round(subFs * 1.8);
  }
  if (opts.button) {
    const bh = Math.round(fs * 0.9), bfs = Math.round(fs * 0.38);
    const bw = Math.round(opts.button.length * bfs * 0.62 + bfs * 2.4);
    const by = y - Math.round(fs * 0.25);
    body += `<rect x="${x}" y="${by}" width="${bw}" height="${bh}" rx="${Math.round(bh / 2)}" fill="#fff"/>`
      + `<text x="${x + bw / 2}" y="${by + Math.round(bh / 2 + bfs * 0.36)}" font-size="${bfs}" font-weight="700" text-anchor="middle" fill="${opts.color2}">${esc(opts.button)}</text>`;
  }
  const r = Math.round(H * 0.75);
  const artAt = wide ? `translate(${Math.round(W * 0.8)} ${Math.round(H * 0.5)}) scale(${(H * 0.0029).toFixed(2)})`
    : `translate(${Math.round(W * 0.76)} ${Math.round(H * 0.76)}) scale(${(Math.min(W, H) * 0.0015).toFixed(2)})`;
  const art = opts.icon
    ? `<g transform="${artAt}"><circle r="120" fill="#fff" fill-opacity=".9"/>${icon(opts.icon, opts.color1, opts.color2)}</g>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.color1}"/><stop offset="1" stop-color="${opts.color2}"/></linearGradient></defs>`
    + `<rect width="${W}" height="${H}" fill="url(#g)"/>`
    + `<g fill="#fff"><circle cx="${W - Math.round(r * 0.35)}" cy="${Math.round(H * 0.1)}" r="${r}" fill-opacity=".1"/>`
    + `<circle cx="${Math.round(W * 0.6)}" cy="${H + Math.round(r * 0.3)}" r="${Math.round(r * 0.6)}" fill-opacity=".08"/></g>${art}`
    + `<g font-family="sans-serif" fill="#fff">${body}</g></svg>`;
  return { svg, width: W, height: H, name: opts.fileName ?? 'slide.svg' };
}
