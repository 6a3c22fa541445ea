// Pure edits of a theme document (each returns a new document; the history keeps the old ones).
import type { Section, SettingValue, ThemeDocument } from './types.ts';

type Page = keyof ThemeDocument['templates'];

const sectionsOf = (doc: ThemeDocument, page: string): Section[] => doc.templates[page as Page]?.sections ?? [];

function withSections(doc: ThemeDocument, page: string, sections: Section[]): ThemeDocument {
  return { ...doc, templates: { ...doc.templates, [page]: { ...(doc.templates[page as Page] ?? {}), sections } } };
}

export function moveSection(doc: ThemeDocument, page: string, from: number, to: number): ThemeDocument {
  const list = [...sectionsOf(doc, page)];
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return doc;
  const [s] = list.splice(from, 1);
  list.splice(to, 0, s!);
  return withSections(doc, page, list);
}

export function updateSection(doc: ThemeDocument, page: string, id: string, patch: (s: Section) => Section): ThemeDocument {
  return withSections(doc, page, sectionsOf(doc, page).map((s) => (s.id === id ? patch(s) : s)));
}

export const setSetting = (doc: ThemeDocument, page: string, id: string, key: string, value: SettingValue) =>
  updateSection(doc, page, id, (s) => ({ ...s, settings: { ...s.settings, [key]: value } }));

export const toggleSection = (doc: ThemeDocument, page: string, id: string) =>
  updateSection(doc, page, id, (s) => ({ ...s, disabled: !s.disabled }));

export const removeSection = (doc: ThemeDocument, page: string, id: string) =>
  withSections(doc, page, sectionsOf(doc, page).filter((s) => s.id !== id));

/** A new instance id from the type: `products`, `products-2` ... unique within the page. */
export function newSectionId(doc: ThemeDocument, page: string, type: string): string {
  const ids = new Set(sectionsOf(doc, page).map((s) => s.id));
  const base = /^[a-z]/.test(type) ? type.slice(0, 40) : `s-${type}`.slice(0, 40);
  if (!ids.has(base)) return base;
  for (let i = 2; ; i++) if (!ids.has(`${base}-${i}`)) return `${base}-${i}`;
}

export function addSection(doc: ThemeDocument, page: string, type: string): { doc: ThemeDocument; id: string } {
  const id = newSectionId(doc, page, type);
  const s: Section = { id, type, disabled: false, settings: {}, blocks: [] };
  return { doc: withSections(doc, page, [...sectionsOf(doc, page), s]), id };
}

export { sectionsOf };
