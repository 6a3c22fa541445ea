// The builder's rules on a theme document, pure (no database): what a draft may hold, what publishing refuses,
// and what switching packs would leave unused. Paths name the document's JSON, e.g.
// templates.home.sections[2].settings.columns, so the builder can point at the field.
import type { Pack, PageType, SectionType, SettingDef } from '../../themes/schema.ts';
import { PAGE_TYPES } from '../../themes/schema.ts';
import { sectionType, SECTION_TYPES } from '../../themes/sections.ts';
import { settingValueSchema } from '../../themes/settings.ts';
import type { ThemeDocument, ThemeIssue, ThemeTemplate } from './schema.ts';

export type Fields = Record<string, string[]>;

const add = (fields: Fields, path: string, message: string) => { (fields[path] ??= []).push(message); };
const sectionPath = (page: string, i: number) => `templates.${page}.sections[${i}]`;

/** The pages a document has, in PAGE_TYPES order. */
function pagesOf(doc: ThemeDocument): [PageType, ThemeTemplate][] {
  return PAGE_TYPES.filter((p) => doc.templates[p]).map((p) => [p, doc.templates[p]!]);
}

/**
 * Problems that make a document unusable for the builder itself (refused even in a draft): duplicate section ids
 * within a page and duplicate block ids within a section (the builder keys its lists by them).
 */
export function structuralErrors(doc: ThemeDocument): Fields {
  const fields: Fields = {};
  for (const [page, tpl] of pagesOf(doc)) {
    const ids = new Set<string>();
    tpl.sections.forEach((s, i) => {
      if (ids.has(s.id)) add(fields, `${sectionPath(page, i)}.id`, `duplicate section id "${s.id}"`);
      ids.add(s.id);
      const blockIds = new Set<string>();
      s.blocks.forEach((b, j) => {
        if (blockIds.has(b.id)) add(fields, `${sectionPath(page, i)}.blocks[${j}].id`, `duplicate block id "${b.id}"`);
        blockIds.add(b.id);
      });
    });
  }
  return fields;
}

/** One setting's value against its definition: an error message, or null when it is fine. */
function settingError(def: SettingDef, value: unknown): string | null {
  if (value === undefined || value === null) return def.required ? 'required' : null;
  if (value === '' && def.required) return 'required';
  const r = settingValueSchema(def).safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'invalid');
}

/** Settings of one section or block: errors per known setting, warnings for keys the type does not know. */
function checkSettings(defs: SettingDef[], values: Record<string, unknown>, at: string, errors: Fields, warnings: ThemeIssue[], owner: string) {
  const known = new Map(defs.map((d) => [d.id, d]));
  for (const def of defs) {
    const msg = settingError(def, values[def.id]);
    if (msg) add(errors, `${at}.settings.${def.id}`, msg);
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) warnings.push({ path: `${at}.settings.${key}`, message: `"${owner}" has no setting "${key}"; it is kept but not used` });
  }
}

export interface ThemeCheck { errors: Fields; warnings: ThemeIssue[] }

/**
 * Everything publishing checks: each enabled section's type is known, allowed on its page, offered by the pack,
 * unique where the type says so; its settings and blocks fit the type's schema; the pack's own settings fit the
 * pack. Hidden (disabled) sections are kept as content: only their structure is checked, and a type the pack does
 * not offer is a warning. Unknown setting keys are warnings (kept, never dropped silently).
 */
export function checkTheme(doc: ThemeDocument, pack: Pack): ThemeCheck {
  const errors: Fields = structuralErrors(doc);
  const warnings: ThemeIssue[] = [];
  for (const [page, tpl] of pagesOf(doc)) {
    const seenUnique = new Set<string>();
    // A page's main content (main-product, main-catalogue ...) cannot be removed or hidden.
    for (const main of mainSectionsOf(page)) {
      if (!tpl.sections.some((s) => s.type === main && !s.disabled)) add(errors, `templates.${page}.sections`, `the ${page} page needs its "${main}" section`);
    }
    tpl.sections.forEach((s, i) => {
      const at = sectionPath(page, i);
      const def = sectionType(s.type);
      if (!def) {
        if (s.disabled) warnings.push({ path: `${at}.type`, message: `unknown section type "${s.type}" (hidden)` });
        else add(errors, `${at}.type`, `unknown section type "${s.type}"`);
        return;
      }
      if (s.disabled) {
        if (!def.enabledOn.includes(page) || !pack.sections[s.type]) {
          warnings.push({ path: `${at}.type`, message: `hidden section "${s.type}" could not be shown on ${page} with pack ${pack.id}` });
        }
        return;
      }
      if (!def.enabledOn.includes(page)) add(errors, `${at}.type`, `section "${s.type}" cannot be used on page "${page}"`);
      else if (!pack.sections[s.type]) add(errors, `${at}.type`, `pack ${pack.id} does not offer section "${s.type}"; hide or remove it`);
      if (def.unique) {
        if (seenUnique.has(s.type)) add(errors, `${at}.type`, `only one "${s.type}" section per page`);
        seenUnique.add(s.type);
      }
      checkSettings(def.settings, s.settings, at, errors, warnings, s.type);
      checkBlocks(def, s.blocks, at, errors, warnings);
    });
  }
  checkSettings(pack.settings, doc.settings, '$pack', errors, warnings, `pack ${pack.id}`);
  // '$pack.settings.x' reads better as 'settings.x' (the document's own key).
  return { errors: renameKeys(errors), warnings: warnings.map((w) => ({ ...w, path: w.path.replace(/^\$pack\./, '') })) };
}

/** The main section types of a page: unique types named main-* that the page allows. */
export function mainSectionsOf(page: PageType): string[] {
  return [...SECTION_TYPES.values()].filter((d) => d.unique && d.type.startsWith('main-') && d.enabledOn.includes(page)).map((d) => d.type);
}

function renameKeys(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^\$pack\./, ''), v]));
}

function checkBlocks(def: SectionType, blocks: ThemeTemplate['sections'][number]['blocks'], at: string, errors: Fields, warnings: ThemeIssue[]) {
  if (def.minBlocks !== undefined && blocks.length < def.minBlocks) add(errors, `${at}.blocks`, `at least ${def.minBlocks} blocks`);
  if (def.maxBlocks !== undefined && blocks.length > def.maxBlocks) add(errors, `${at}.blocks`, `at most ${def.maxBlocks} blocks`);
  blocks.forEach((b, j) => {
    const bt = def.blocks.find((x) => x.type === b.type);
    const bat = `${at}.blocks[${j}]`;
    if (!bt) { add(errors, `${bat}.type`, `section "${def.type}" has no block type "${b.type}"`); return; }
    checkSettings(bt.settings, b.settings, bat, errors, warnings, `${def.type}/${b.type}`);
  });
}

/**
 * Draft checks: structure refuses (errors); everything publishing would refuse is reported as warnings with
 * the same paths, so a draft may be saved half-done.
 */
export function checkDraft(doc: ThemeDocument, pack: Pack | null): ThemeCheck {
  const errors = structuralErrors(doc);
  if (!pack) return { errors, warnings: [] };
  const full = checkTheme(doc, pack);
  const warnings = [...full.warnings];
  for (const [path, messages] of Object.entries(full.errors)) {
    if (errors[path]) continue;
    for (const message of messages) warnings.push({ path, message });
  }
  return { errors, warnings };
}

/**
 * What a switch to `pack` would leave unused, reported and never dropped: enabled sections whose type the pack
 * does not offer, and pack settings it does not define.
 */
export function packSwitchWarnings(doc: ThemeDocument, from: Pack | null, to: Pack): ThemeIssue[] {
  const out: ThemeIssue[] = [];
  for (const [page, tpl] of pagesOf(doc)) {
    tpl.sections.forEach((s, i) => {
      if (!s.disabled && SECTION_TYPES.has(s.type) && !to.sections[s.type]) {
        out.push({ path: `${sectionPath(page, i)}.type`, message: `pack ${to.id} does not offer section "${s.type}"; it is kept but not shown` });
      }
    });
  }
  const known = new Set(to.settings.map((d) => d.id));
  for (const key of Object.keys(doc.settings)) {
    if (!known.has(key)) out.push({ path: `settings.${key}`, message: `pack ${to.id} has no setting "${key}"${from ? ` (from pack ${from.id})` : ''}; it is kept but not used` });
  }
  return out;
}

/**
 * A full document for the builder: the stored one, with the pack's template for each page type the document
 * leaves out (copies, so edits never touch the pack).
 */
export function materialise(doc: ThemeDocument | null, pack: Pack, packId = pack.id): ThemeDocument {
  const templates: ThemeDocument['templates'] = {};
  for (const page of PAGE_TYPES) {
    const own = doc?.templates[page];
    const fromPack = pack.templates[page];
    if (own) templates[page] = own;
    else if (fromPack) {
      templates[page] = {
        sections: fromPack.sections.map((s) => ({
          id: s.id, type: s.type, disabled: s.disabled ?? false, settings: { ...s.settings },
          blocks: s.blocks.map((b) => ({ id: b.id, type: b.type, settings: { ...b.settings } })),
        })),
      };
    }
  }
  return { pack: doc?.pack ?? packId, settings: { ...(doc?.settings ?? {}) }, templates };
}
