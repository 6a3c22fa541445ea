// A shop's theme-wide settings (the builder's 'Theme settings' panel): overrides of its pack's tokens (colour
// scheme and colours, fonts, radii, button style), kept in the theme document's `tokens` and applied as CSS custom
// properties after the pack's. Pure and browser-safe: the builder previews with the same CSS the server renders.
import type { Tokens } from './schema.ts';

/** Font stacks a shop may choose: what the visitor's system has, nothing downloaded. */
export const FONT_STACKS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  oldstyle: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
} as const;
export type FontId = keyof typeof FONT_STACKS;
export const FONT_IDS = Object.keys(FONT_STACKS) as [FontId, ...FontId[]];

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export const BUTTON_STYLES = ['filled', 'outline'] as const;
/** Radii are whole pixels in this range (a pill button is the maximum). */
export const RADIUS_MIN = 0;
export const RADIUS_MAX = 48;
export const RADIUS_KEYS = ['radius_card', 'radius_button', 'radius_image'] as const;
export const COLOR_KEYS = ['accent', 'background', 'text'] as const;

/** What the shop chose; every key optional (left out: the pack's token). */
export interface ThemeSettings {
  scheme?: (typeof COLOR_SCHEMES)[number];
  accent?: string;
  background?: string;
  text?: string;
  font_body?: FontId;
  font_heading?: FontId;
  radius_card?: number;
  radius_button?: number;
  radius_image?: number;
  button_style?: (typeof BUTTON_STYLES)[number];
}

const HEX = /^#[0-9a-f]{6}$/i;
const hex = (v: string | undefined) => (v && HEX.test(v) ? v.toLowerCase() : null);
const px = (v: number | undefined) => (typeof v === 'number' && Number.isInteger(v) && v >= RADIUS_MIN && v <= RADIUS_MAX ? `${v}px` : null);
const font = (v: string | undefined) => (v && Object.hasOwn(FONT_STACKS, v) ? FONT_STACKS[v as FontId] : null);

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(c: string): number {
  const ch = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}
/** Black or white, whichever reads better on `c`. */
export const readableOn = (c: string) => (luminance(c) > 0.179 ? '#111111' : '#ffffff');

/** The storefront's colour scheme: the shop's theme choice, else the shop's own dark-mode flag. */
export const schemeOf = (s: ThemeSettings | null | undefined, darkmode: boolean): 'light' | 'dark' => s?.scheme ?? (darkmode ? 'dark' : 'light');

/**
 * CSS after the pack's tokens: fonts and radii on :root; the colours on the chosen scheme (the shop's scheme when
 * none was chosen), with the text on the accent and the muted/line/surface shades derived so they stay readable;
 * outlined buttons. Empty when nothing is set. Values pass the same bounds as the server's schema (anything else is
 * left out), so the text is safe inside a <style> element.
 */
export function themeSettingsCss(tokens: Pick<Tokens, 'buttonStyle'>, settings: ThemeSettings | null | undefined, darkmode = false): string {
  const s = settings ?? {};
  const root: string[] = [];
  const fb = font(s.font_body);
  const fh = font(s.font_heading);
  if (fb) root.push(`--font-body:${fb}`);
  if (fh) root.push(`--font-heading:${fh}`);
  for (const [key, prop] of [['radius_card', '--radius-card'], ['radius_button', '--radius-button'], ['radius_image', '--radius-image']] as const) {
    const v = px(s[key]);
    if (v) root.push(`${prop}:${v}`);
  }
  const colours: string[] = [];
  const accent = hex(s.accent);
  const bg = hex(s.background);
  const fg = hex(s.text);
  if (accent) colours.push(`--accent:${accent}`, `--accent-text:${readableOn(accent)}`);
  if (bg) colours.push(`--bg:${bg}`, `--surface:color-mix(in srgb, ${bg} 88%, #fff)`, `--line:color-mix(in srgb, var(--fg) 16%, ${bg})`);
  if (fg) colours.push(`--fg:${fg}`, `--muted:color-mix(in srgb, ${fg} 72%, var(--bg))`);
  const out: string[] = [];
  if (root.length) out.push(`:root{${root.join(';')}}`);
  if (colours.length) out.push(`:root[data-mode=${schemeOf(s, darkmode)}]{${colours.join(';')}}`);
  const buttons = s.button_style ?? tokens.buttonStyle;
  if (buttons === 'outline') out.push('.btn:not(.secondary){background:transparent;color:var(--fg);border-color:var(--c1);border-width:2px}');
  return out.join('\n');
}
