// The builder's words for the server's issues (pure): field paths of a refused save or publish placed beside the
// right section and setting, and a path in words for the warnings list.
import type { AdminLabels } from '../admin/labels.ts';
import { sectionsOf } from './doc.ts';
import type { BuilderLabels } from './labels.ts';
import type { ThemeLabels } from './theme-labels.ts';
import type { ToolPanel } from './tool-panels.ts';
import { EDITABLE_PAGES, type SectionTypeInfo, type ThemeDocument, type ThemeIssue } from './types.ts';
import { fieldsForPage } from './validate.ts';

/** Server messages of the last failed publish: section id -> setting id ('_' for the section itself) -> messages. */
export type SectionErrors = Record<string, Record<string, string[]>>;

/** Server field paths -> messages by section (any page), the rest for the page's box, and the first section to select. */
export function fieldsBySection(fields: Record<string, string[]>, d: ThemeDocument, page: string) {
  const bySection: SectionErrors = {};
  const other: ThemeIssue[] = [];
  for (const p of EDITABLE_PAGES.concat(['cart', 'blog'] as never[])) {
    const list = sectionsOf(d, p);
    for (const f of fieldsForPage(fields, p)) {
      const s = list[f.index];
      if (!s) continue;
      (bySection[s.id] ??= {})[f.setting ?? '_'] = f.messages;
    }
  }
  for (const [path, messages] of Object.entries(fields)) {
    if (!/^templates\.\w+\.sections\[\d+\]/.test(path) || !path.startsWith(`templates.${page}.`)) other.push({ path, message: messages.join('; ') });
  }
  const first = sectionsOf(d, page)[fieldsForPage(fields, page)[0]?.index ?? -1];
  return { bySection, other, first: first?.id ?? null };
}

/** An issue's path in words: 'templates.home.sections[2].settings.columns' -> 'Home › Products › Columns on desktop:'. */
export function issuePlace(path: string, doc: ThemeDocument, types: Map<string, SectionTypeInfo>, L: BuilderLabels, T: ThemeLabels): string {
  const m = /^templates\.(\w+)\.sections\[(\d+)\](?:\.settings\.([\w@-]+))?/.exec(path);
  if (m) {
    const s = sectionsOf(doc, m[1]!)[Number(m[2])];
    const def = s ? types.get(s.type) : undefined;
    const setting = m[3] ? def?.settings.find((x) => x.id === m[3]!.split('@')[0])?.label ?? m[3] : null;
    return [pageLabel(L, m[1]!), def?.name ?? s?.id ?? `#${Number(m[2]) + 1}`, setting].filter(Boolean).join(' › ') + ':';
  }
  const tok = /^tokens\.(\w+)$/.exec(path);
  if (tok) return `${T.title} › ${tok[1]}:`;
  const own = /^settings\.([\w-]+)$/.exec(path);
  return own ? `${L.themeSettings} › ${own[1]}:` : `${path}:`;
}

/** A panel's name as the side bar shows it (admin texts, area adminUi). */
export const toolName = (A: Partial<AdminLabels> | undefined, p: ToolPanel) => (A as Record<string, string> | undefined)?.[p] ?? p;

export const pageLabel = (L: BuilderLabels, page: string) => (L as Record<string, string>)[`page_${page}`] ?? page;
