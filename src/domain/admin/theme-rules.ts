// The builder's rules on a theme document, pure (no database): what a draft may hold, what publishing refuses,
// and what switching packs would leave unused. Paths name the document's JSON, e.g.
// templates.home.sections[2].settings.columns, so the builder can point at the field.
import type { Pack, PageType, SectionType, SettingDef } from '../../themes/schema.ts';
import { PAGE_TYPES, settingKeys } from '../../themes/schema.ts';
import { sectionType, SECTION_TYPES } from '../../themes/sections.ts';
import { settingValueSchema } from '../../themes/settings.ts';
import { getT, type Translator } from '../../lib/i18n/index.ts';
import { issueText } from '../../lib/i18n/validation.ts';
import type { ThemeDocument, ThemeIssue, ThemeTemplate } from './schema.ts';

export type Fields = Record<string, string[]>;

/**
 * What the rules say is written in the reader's language (area `themeIssues`): the endpoints pass the request's
 * translator; without one (tests, scripts) the texts are English.
 */
type Say = (key: string, vars?: Record<string, string | number>) => string;
const sayer = (t: Translator = getT('en')): Say => (key, vars) => t(`themeIssues.${key}` as Parameters<Translator>[0], vars);

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
export function structuralErrors(doc: ThemeDocument, t?: Translator): Fields {
  const say = sayer(t);
  const fields: Fields = {};
  for (const [page, tpl] of pagesOf(doc)) {
    const ids = new Set<string>();
    tpl.sections.forEach((s, i) => {
      if (ids.has(s.id)) add(fields, `${sectionPath(page, i)}.id`, say('duplicateSection', { id: s.id }));
      ids.add(s.id);
      const blockIds = new Set<string>();
      s.blocks.forEach((b, j) => {
        if (blockIds.has(b.id)) add(fields, `${sectionPath(page, i)}.blocks[${j}].id`, say('duplicateBlock', { id: b.id }));
        blockIds.add(b.id);
      });
    });
  }
  return fields;
}

/** One setting's value against its definition: an error message, or null when it is fine. */
function settingError(def: SettingDef, value: unknown, t: Translator | undefined): string | null {
  if (value === undefined || value === null) return def.required ? 'required' : null;
  if (value === '' && def.required) return 'required';
  const r = settingValueSchema(def).safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? (t ? issueText(issue, t) : issue.message) : 'invalid';
}

/** Settings of one section or block: errors per known setting, warnings for keys the type does not know. */
function checkSettings(defs: SettingDef[], values: Record<string, unknown>, at: string, errors: Fields, warnings: ThemeIssue[], owner: string, t: Translator | undefined) {
  const say = sayer(t);
  const known = new Map(defs.flatMap((d) => settingKeys(d).map((key) => [key, d] as const)));
  for (const def of defs) {
    const msg = settingError(def, values[def.id], t);
    if (msg) add(errors, `${at}.settings.${def.id}`, msg);
    // A responsive setting's tablet and phone values: the same rules, never required.
    for (const key of settingKeys(def).slice(1)) {
      const m = settingError({ ...def, required: false }, values[key], t);
      if (m) add(errors, `${at}.settings.${key}`, m);
    }
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) warnings.push({ path: `${at}.settings.${key}`, message: say('unknownSetting', { owner, key }) });
  }
}

export interface ThemeCheck { errors: Fields; warnings: ThemeIssue[] }

/**
 * Everything publishing checks: each enabled section's type is known, allowed on its page, offered by the pack,
 * unique where the type says so; its settings and blocks fit the type's schema; the pack's own settings fit the
 * pack. Hidden (disabled) sections are kept as content: only their structure is checked, and a type the pack does
 * not offer is a warning. Unknown setting keys are warnings (kept, never dropped silently).
 */
export function checkTheme(doc: ThemeDocument, pack: Pack, t?: Translator): ThemeCheck {
  const say = sayer(t);
  const errors: Fields = structuralErrors(doc, t);
  const warnings: ThemeIssue[] = [];
  for (const [page, tpl] of pagesOf(doc)) {
    const seenUnique = new Set<string>();
    // A page's main content (main-product, main-catalogue ...) cannot be removed or hidden.
    for (const main of mainSectionsOf(page)) {
      if (!tpl.sections.some((s) => s.type === main && !s.disabled)) add(errors, `templates.${page}.sections`, say('needsMain', { page, main }));
    }
    tpl.sections.forEach((s, i) => {
      const at = sectionPath(page, i);
      const def = sectionType(s.type);
      if (!def) {
        if (s.disabled) warnings.push({ path: `${at}.type`, message: say('unknownSectionHidden', { type: s.type }) });
        else add(errors, `${at}.type`, say('unknownSection', { type: s.type }));
        return;
      }
      if (s.disabled) {
        if (!def.enabledOn.includes(page) || !pack.sections[s.type]) {
          warnings.push({ path: `${at}.type`, message: say('hiddenCannotShow', { type: s.type, page, pack: pack.id }) });
        }
        return;
      }
      if (!def.enabledOn.includes(page)) add(errors, `${at}.type`, say('notOnPage', { type: s.type, page }));
      else if (!pack.sections[s.type]) add(errors, `${at}.type`, say('packLacksSection', { pack: pack.id, type: s.type }));
      if (def.unique) {
        if (seenUnique.has(s.type)) add(errors, `${at}.type`, say('onlyOne', { type: s.type }));
        seenUnique.add(s.type);
      }
      checkSettings(def.settings, s.settings, at, errors, warnings, s.type, t);
      checkBlocks(def, s.blocks, at, errors, warnings, t);
    });
  }
  checkSettings(pack.settings, doc.settings, '$pack', errors, warnings, say('packOwner', { pack: pack.id }), t);
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

function checkBlocks(def: SectionType, blocks: ThemeTemplate['sections'][number]['blocks'], at: string, errors: Fields, warnings: ThemeIssue[], t: Translator | undefined) {
  const say = sayer(t);
  if (def.minBlocks !== undefined && blocks.length < def.minBlocks) add(errors, `${at}.blocks`, say('atLeastBlocks', { min: def.minBlocks }));
  if (def.maxBlocks !== undefined && blocks.length > def.maxBlocks) add(errors, `${at}.blocks`, say('atMostBlocks', { max: def.maxBlocks }));
  blocks.forEach((b, j) => {
    const bt = def.blocks.find((x) => x.type === b.type);
    const bat = `${at}.blocks[${j}]`;
    if (!bt) { add(errors, `${bat}.type`, say('noBlockType', { section: def.type, type: b.type })); return; }
    checkSettings(bt.settings, b.settings, bat, errors, warnings, `${def.type}/${b.type}`, t);
  });
}

/**
 * Draft checks: structure refuses (errors); everything publishing would refuse is reported as warnings with
 * the same paths, so a draft may be saved half-done.
 */
export function checkDraft(doc: ThemeDocument, pack: Pack | null, t?: Translator): ThemeCheck {
  const errors = structuralErrors(doc, t);
  if (!pack) return { errors, warnings: [] };
  const full = checkTheme(doc, pack, t);
  const warnings = [...full.warnings];
  for (const [path, messages] of Object.entries(full.errors)) {
    if (errors[path]) continue;
    // A warning is read as it is: the bare tokens the builder maps for its own fields become words here.
    for (const message of messages) warnings.push({ path, message: t && message === 'required' ? t('validation.required') : message });
  }
  return { errors, warnings };
}

/**
 * What a switch to `pack` would leave unused, reported and never dropped: enabled sections whose type the pack
 * does not offer, and pack settings it does not define.
 */
export function packSwitchWarnings(doc: ThemeDocument, from: Pack | null, to: Pack, t?: Translator): ThemeIssue[] {
  const say = sayer(t);
  const out: ThemeIssue[] = [];
  for (const [page, tpl] of pagesOf(doc)) {
    tpl.sections.forEach((s, i) => {
      if (!s.disabled && SECTION_TYPES.has(s.type) && !to.sections[s.type]) {
        out.push({ path: `${sectionPath(page, i)}.type`, message: say('packLacksSectionKept', { pack: to.id, type: s.type }) });
      }
    });
  }
  const known = new Set(to.settings.map((d) => d.id));
  for (const key of Object.keys(doc.settings)) {
    if (!known.has(key)) out.push({ path: `settings.${key}`, message: from ? say('packLacksSettingFrom', { pack: to.id, key, from: from.id }) : say('packLacksSetting', { pack: to.id, key }) });
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
  return { pack: doc?.pack ?? packId, settings: { ...(doc?.settings ?? {}) }, tokens: { ...(doc?.tokens ?? {}) }, templates };
}
