// The builder's theme data: a shop's DRAFT and PUBLISHED theme documents (shop_themes), their validation, the
// pack switch, a JSON preview, and what the storefront renders (the published template, or the draft for an
// admin's ?preview=draft). shops.theme_pack stays the published pack; publishing a draft that chose another pack
// updates it.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { ShopRow } from '../shops/index.ts';
import { getPack, packs, type LoadedPack } from '../../themes/loader.ts';
import { resolveTemplate } from '../../themes/resolve.ts';
import { PAGE_TYPES, type Pack, type PageType, type Template } from '../../themes/schema.ts';
import type { MessageKey, Translator } from '../../lib/i18n/index.ts';
import { localisedSectionType, SECTION_TYPES } from '../../themes/sections.ts';
import { sectionInstanceJsonSchema } from '../../themes/settings.ts';
import { shopCached } from '../../lib/server/shop-cache.ts';
import * as repo from './repo.ts';
import { themeDocumentSchema, themeTemplateSchema, themeTokensSchema, type ThemeDocument, type ThemeIssue, type ThemeTokens } from './schema.ts';
import type { AdminCtx } from './service.ts';
import { checkDraft, checkTheme, materialise, packSwitchWarnings } from './theme-rules.ts';

const knownPack = (id: string): LoadedPack | null => packs().get(id) ?? null;

function storedDoc(raw: unknown): ThemeDocument | null {
  const r = themeDocumentSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** The draft as the builder edits it: stored (or the published pack's templates), every page filled in. */
function currentDraft(shop: ShopRow, row: repo.ThemeRow | null): ThemeDocument {
  const stored = row ? storedDoc(row.draft) : null;
  const packId = stored && knownPack(stored.pack) ? stored.pack : shop.theme_pack;
  return materialise(stored ? { ...stored, pack: packId } : null, getPack(packId, shop.slug).pack, packId);
}

function draftWarnings(shop: ShopRow, draft: ThemeDocument, t?: Translator): ThemeIssue[] {
  const pack = knownPack(draft.pack)?.pack ?? null;
  const out = checkDraft(draft, pack, t).warnings;
  if (pack && draft.pack !== shop.theme_pack) {
    const seen = new Set(out.map((w) => `${w.path}|${w.message}`));
    for (const w of packSwitchWarnings(draft, knownPack(shop.theme_pack)?.pack ?? null, pack, t)) {
      if (!seen.has(`${w.path}|${w.message}`)) out.push(w);
    }
  }
  return out;
}

function packSummary({ pack }: LoadedPack) {
  return {
    id: pack.id, name: pack.name, description: pack.description ?? null, extends: pack.extends ?? null,
    settings: pack.settings, sections: pack.sections, templates: pack.templates, presets: pack.presets,
    carousel: pack.carousel, footer: pack.footer, tokens: pack.tokens,
  };
}

/** Per section type: its definition (settings, blocks, pages) and the JSON schema of a saved instance. */
/** Names and labels in `t`'s language (the request's); without `t`, their message keys. */
export function sectionTypeCatalogue(t?: (key: MessageKey) => string) {
  return [...SECTION_TYPES.values()].map((type) => (t ? localisedSectionType(type, t) : type)).map((def) => ({
    type: def.type, name: def.name, hydrate: def.hydrate, enabledOn: def.enabledOn, unique: def.unique ?? false,
    settings: def.settings, blocks: def.blocks, minBlocks: def.minBlocks ?? null, maxBlocks: def.maxBlocks ?? null,
    json_schema: sectionInstanceJsonSchema(def) as Record<string, unknown>,
  }));
}

/** GET .../admin/theme: everything the builder starts from. */
export async function getThemeState({ db, shop }: AdminCtx, t?: Translator) {
  const row = await repo.findTheme(db, shop.id);
  const draft = currentDraft(shop, row);
  return {
    theme_pack: shop.theme_pack,
    draft,
    draft_version: row?.draft_version ?? 0,
    draft_updated_at: row?.draft_updated_at.toISOString() ?? null,
    published: row?.published ? storedDoc(row.published) : null,
    published_at: row?.published_at?.toISOString() ?? null,
    warnings: draftWarnings(shop, draft, t),
    page_types: [...PAGE_TYPES],
    packs: [...packs().values()].map(packSummary),
    section_types: sectionTypeCatalogue(t),
  };
}

const conflict = () => new AppError('conflict', 'The draft was changed elsewhere; reload it before saving', { fields: { version: ['stale'] } });

/**
 * PUT the draft. Refused (400) when it is structurally invalid (shape, limits, an unknown pack, duplicate ids);
 * settings that publishing would refuse are kept and reported as warnings with their paths.
 */
export async function saveThemeDraft({ db, shop }: AdminCtx, body: ThemeDocument & { version?: number }, t?: Translator) {
  const { version, ...doc } = body;
  if (!knownPack(doc.pack)) throw new AppError('validation_error', 'Unknown theme pack', { fields: { pack: ['validation.themePack'] } });
  const check = checkDraft(doc, knownPack(doc.pack)!.pack, t);
  if (Object.keys(check.errors).length) throw new AppError('validation_error', 'The draft is not valid', { fields: check.errors });
  if (version !== undefined) {
    const row = await repo.findTheme(db, shop.id);
    if ((row?.draft_version ?? 0) !== version) throw conflict();
  }
  const saved = await repo.saveDraft(db, shop.id, doc, version === undefined || version === 0 ? undefined : version);
  if (saved === null) throw conflict();
  const draft = materialise(doc, knownPack(doc.pack)!.pack);
  return { draft, draft_version: saved, warnings: draftWarnings(shop, draft, t) };
}

/** Throws 400 with `fields` per section/setting path when the document cannot be published. */
export function assertPublishable(doc: ThemeDocument, t?: Translator): Pack {
  const loaded = knownPack(doc.pack);
  if (!loaded) throw new AppError('validation_error', 'Unknown theme pack', { fields: { pack: ['validation.themePack'] } });
  const { errors } = checkTheme(doc, loaded.pack, t);
  if (Object.keys(errors).length) throw new AppError('validation_error', 'The theme cannot be published: fix the fields listed', { fields: errors });
  return loaded.pack;
}

/**
 * POST publish: validates every section of the draft against its type's schema and its page's allowed types,
 * then copies draft -> published (and sets shops.theme_pack when the draft chose another pack). Shoppers see
 * the change at once: shop_themes and shops announce it on shop_events, which drops cached pages.
 */
export async function publishTheme({ db, shop, viewer }: AdminCtx, opts: { version?: number } = {}, t?: Translator) {
  const row = await repo.findTheme(db, shop.id);
  if (opts.version !== undefined && (row?.draft_version ?? 0) !== opts.version) throw conflict();
  const draft = currentDraft(shop, row);
  const warnings = draftWarnings(shop, draft, t);
  assertPublishable(draft, t);
  const userId = viewer.kind === 'user' ? viewer.user.id : null;
  const updated = await repo.withShopLocked(db, shop.id, async (tx, current) => {
    await repo.publishTheme(tx, shop.id, draft, userId!);
    return current.theme_pack !== draft.pack ? repo.updateShop(tx, shop.id, { theme_pack: draft.pack }) : current;
  });
  const after = await repo.findTheme(db, shop.id);
  return { theme_pack: updated.theme_pack, published: draft, published_at: after?.published_at?.toISOString() ?? null, warnings };
}

/** POST discard: the draft goes back to the published document (or to the pack's templates). */
export async function discardThemeDraft({ db, shop }: AdminCtx, t?: Translator) {
  const row = await repo.findTheme(db, shop.id);
  const published = row?.published ? storedDoc(row.published) : null;
  const base = materialise(published ? { ...published, pack: shop.theme_pack } : null, getPack(shop.theme_pack, shop.slug).pack, shop.theme_pack);
  const version = await repo.saveDraft(db, shop.id, base);
  return { draft: base, draft_version: version ?? 0, warnings: draftWarnings(shop, base, t) };
}

/** GET preview: the resolved template of one page (draft or published) and what the resolver reported. */
export async function previewTheme({ db, shop }: AdminCtx, q: { page: PageType; source: 'draft' | 'published' }) {
  const row = await repo.findTheme(db, shop.id);
  let doc: ThemeDocument;
  if (q.source === 'draft') doc = currentDraft(shop, row);
  else {
    const published = row?.published ? storedDoc(row.published) : null;
    doc = materialise(published ? { ...published, pack: shop.theme_pack } : null, getPack(shop.theme_pack, shop.slug).pack, shop.theme_pack);
  }
  const loaded = getPack(doc.pack, shop.slug);
  const resolved = resolveTemplate(loaded, q.page, doc.templates[q.page] ?? null);
  return {
    pack: loaded.pack.id, page: q.page, source: q.source,
    sections: resolved.sections.map((s) => ({ id: s.id, type: s.type, settings: s.settings, blocks: s.blocks })),
    warnings: resolved.warnings,
  };
}

export interface StorefrontTheme { pack: string; template: Template | null; tokens: ThemeTokens }

/**
 * What a storefront page renders from the shop's theme data: the published template of `page` (pack:
 * shops.theme_pack), or with `draft` (an admin's ?preview=draft) the draft's pack and template. null: the shop has
 * saved nothing for that (the pack's own template applies). A stored template that no longer parses is ignored.
 */
export async function storefrontTheme(db: Db, shop: ShopRow, page: PageType, opts: { draft?: boolean; cache?: { fresh: boolean } } = {}): Promise<StorefrontTheme | null> {
  // The published template of a storefront render is kept per process (src/lib/server/shop-cache.ts), parsed.
  if (opts.cache && !opts.draft) {
    return shopCached(`theme:${shop.id}:${page}`, () => storefrontTheme(db, shop, page), { tags: () => [shop.id], fresh: opts.cache.fresh });
  }
  const row = await repo.findPublishedTemplate(db, shop.id, page, !!opts.draft);
  if (!row || (!opts.draft && row.pack === null)) return null;
  const pack = opts.draft && row.pack && knownPack(row.pack) ? row.pack : shop.theme_pack;
  // Theme settings saved before they existed are absent ({}); a stored value that no longer parses is ignored.
  const storedTokens = themeTokensSchema.safeParse(row.tokens ?? {});
  const tokens = storedTokens.success ? storedTokens.data : {};
  if (row.template === null || row.template === undefined) return { pack, template: null, tokens };
  const parsed = themeTemplateSchema.safeParse(row.template);
  if (!parsed.success) {
    console.warn(`[theme] shop ${shop.slug}: stored ${opts.draft ? 'draft' : 'published'} template of ${page} does not parse; using the pack's`);
    return { pack, template: null, tokens };
  }
  return { pack, template: parsed.data, tokens };
}
