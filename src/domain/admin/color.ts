// Colour text the admin may type (seed 001 §5: hex, rgb, hsv and hsl accepted only when valid), normalised to
// #rrggbb. Browser-safe and dependency-free: the colour picker island and the server parse the same way.

const NUM = String.raw`([+]?\d{1,3}(?:\.\d+)?)`;
const SEP = String.raw`\s*(?:,\s*|\s+)`;
const fn = (name: string, pct: [boolean, boolean, boolean]) =>
  new RegExp(String.raw`^${name}\(\s*${NUM}(${pct[0] ? '%' : 'deg'})?${SEP}${NUM}(%)?${SEP}${NUM}(%)?\s*\)$`, 'i');
const RGB = fn('rgb', [true, true, true]);
const HSL = fn('hsl', [false, true, true]);
const HSV = fn('hs[vb]', [false, true, true]);
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const hex2 = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');
const toHex = (r: number, g: number, b: number) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  return chroma(h, c, l - c / 2);
}

function hsvToRgb(h: number, s: number, v: number): [number, number, number] {
  const c = v * s;
  return chroma(h, c, v - c);
}

function chroma(h: number, c: number, m: number): [number, number, number] {
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] = hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/**
 * '#1A2b3c', '1a2b3c', '#abc', 'rgb(245, 248, 250)', 'rgb(50% 10% 0%)', 'hsl(210, 50%, 40%)', 'hsv(210, 50%, 40%)'
 * -> '#rrggbb' (lower case); null when the text is not a valid colour (out-of-range parts included).
 */
export function parseColor(input: string): string | null {
  const text = input.trim();
  if (text.length > 64) return null;
  let m = HEX.exec(text);
  if (m) {
    const h = m[1]!.toLowerCase();
    return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
  }
  if ((m = RGB.exec(text))) {
    const parts = [1, 3, 5].map((i) => {
      const n = Number(m![i]);
      const pct = m![i + 1] === '%';
      if (pct ? n > 100 : n > 255) return NaN;
      return pct ? (n / 100) * 255 : n;
    });
    // Either every channel is a percentage or none is (CSS rule).
    const pcts = [2, 4, 6].map((i) => m![i] === '%');
    if (parts.some(Number.isNaN) || (pcts.some(Boolean) && !pcts.every(Boolean))) return null;
    return toHex(parts[0]!, parts[1]!, parts[2]!);
  }
  const polar = (re: RegExp, convert: (h: number, s: number, x: number) => [number, number, number]) => {
    const p = re.exec(text);
    if (!p) return undefined;
    const h = Number(p[1]);
    const s = Number(p[3]);
    const x = Number(p[5]);
    if (h > 360 || s > 100 || x > 100) return null;
    const [r, g, b] = convert(h, s / 100, x / 100);
    return toHex(r, g, b);
  };
  const hsl = polar(HSL, hslToRgb);
  if (hsl !== undefined) return hsl;
  const hsv = polar(HSV, hsvToRgb);
  if (hsv !== undefined) return hsv;
  return null;
}
