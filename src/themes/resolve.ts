// From a pack and a page type to the ordered, validated sections a page renders, and the pack's tokens
// plus the shop's colours as CSS custom properties.
import type { LoadedPack } from './loader.ts';
import type { PageType, SectionInstance, SectionType, SettingValues, Template } from './schema.ts';
import { sectionType } from './sections.ts';
import { resolveSettings } from './settings.ts';
import { themeSettingsCss, type ThemeSettings } from './theme-settings.ts';

export interface ResolvedSection {
  id: string;
  type: string;
  def: SectionType;
  settings: SettingValues;
  blocks: SectionInstance['blocks'];
}

export interface ResolvedTemplate { sections: ResolvedSection[]; warnings: string[] }

/**
 * The shop's own template for the page (when it saved one) or the pack's. Sections the engine or the pack
 * does not know, or that the page does not allow, are left out and reported, never rendered half-way.
 */
export function resolveTemplate(loaded: LoadedPack, page: PageType, shopTemplate?: Template | null): ResolvedTemplate {
  const { pack } = loaded;
  const template = shopTemplate ?? pack.templates[page] ?? { sections: [] };
  const warnings: string[] = [];
  const sections: ResolvedSection[] = [];
  for (const inst of template.sections) {
    if (inst.disabled) continue;
    const def = sectionType(inst.type);
    if (!def) { warnings.push(`section ${inst.id}: unknown type "${inst.type}"`); continue; }
    if (!def.enabledOn.includes(page)) { warnings.push(`section ${inst.id}: "${inst.type}" is not allowed on ${page}`); continue; }
    if (!pack.sections[inst.type]) { warnings.push(`section ${inst.id}: pack ${pack.id} does not offer "${inst.type}"`); continue; }
    const r = resolveSettings(def, pack.sections[inst.type]!.defaults, inst.settings);
    for (const k of r.unknown) warnings.push(`section ${inst.id}: setting "${k}" is not known to "${inst.type}"`);
    for (const [k, m] of Object.entries(r.invalid)) warnings.push(`section ${inst.id}: setting "${k}" ${m}`);
    sections.push({ id: inst.id, type: inst.type, def, settings: r.values, blocks: inst.blocks });
  }
  return { sections, warnings };
}

const cssValue = (v: string) => v.replace(/[;{}<>]/g, '');

/**
 * Tokens and the shop's colour pair as custom properties on :root, for light and dark, then the pack's stylesheet,
 * then the shop's published theme settings (the builder's 'Theme settings'), which override the pack's tokens.
 */
export function tokensCss(loaded: LoadedPack, shopColors: { color1: string; color2: string }, settings?: ThemeSettings | null, darkmode = false): string {
  const t = loaded.pack.tokens;
  const scheme = (s: typeof t.colorSchemes.light) =>
    `--bg:${s.background};--surface:${s.surface};--fg:${s.text};--muted:${s.muted};--accent:${s.accent};--accent-text:${s.accentText};--line:${s.border};`;
  const common = [
    `--c1:${cssValue(shopColors.color1)}`, `--c2:${cssValue(shopColors.color2)}`,
    `--font-body:${cssValue(t.fonts.body)}`, `--font-heading:${cssValue(t.fonts.heading)}`,
    `--radius-card:${t.radius.card}`, `--radius-button:${t.radius.button}`, `--radius-image:${t.radius.image}`,
    `--space-section:${t.spacing.section}`, `--gap:${t.spacing.gap}`, `--page:${t.spacing.page}`,
    `--heading-case:${t.headingCase}`,
  ].join(';');
  const own = themeSettingsCss(t, settings, darkmode);
  return `:root{${common};${scheme(t.colorSchemes.light)}}\n:root[data-mode=dark]{${scheme(t.colorSchemes.dark)}}\n${loaded.css}${own ? `\n${own}` : ''}`;
}
