// Opening a free store (issue 14; seed 001 §2 /asistentes/emprendedores, §6 'the create-your-free-store link is
// for level one only'): a level-one person names the store, picks its address, type and first theme pack, and
// becomes its owner; their level moves from ul1 (entrepreneur without a store) to ul2 (with a store), as the
// banner targets of seed 000 §3 read the levels. Becoming an entrepreneur (ul0 -> ul1) is the /emprendedores
// landing's call (decision in docs/architecture-notes.md).
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/shared/errors.ts';
import type { Viewer } from '../../lib/shared/viewer.ts';
import { inTx } from '../../db/tx.ts';
import { storeThemeInfoSchema } from '../shops/index.ts';
import { supplierOf } from '../suppliers/index.ts';
import { packs } from '../../themes/loader.ts';
import * as repo from './repo.ts';
import { allowedStoreTypes, openStanding, slugProblem, type OpenStanding, type StoreType } from './rules.ts';
import type { OpenStoreInput, SlugProblem } from './schema.ts';

export interface PackChoice { id: string; name: string; description: string | null; background: string; surface: string; text: string; accent: string; heading: string; radius: string; color1: string; color2: string }

/** The theme packs a new store may start with, with what their previews show (tokens and first preset). */
export function packChoices(): PackChoice[] {
  return [...packs().values()].map(({ pack }) => {
    const light = pack.tokens.colorSchemes.light;
    const preset = pack.presets[0];
    return {
      id: pack.id, name: pack.name, description: pack.description ?? null, background: light.background, surface: light.surface,
      text: light.text, accent: light.accent, heading: pack.tokens.fonts.heading, radius: pack.tokens.radius.card,
      color1: preset?.color1 ?? light.accent, color2: preset?.color2 ?? light.text,
    };
  }).sort((a, b) => (a.id === 'basic' ? -1 : b.id === 'basic' ? 1 : a.id.localeCompare(b.id)));
}

export interface OpenStoreState {
  standing: OpenStanding;
  shop: { slug: string; name: string } | null;
  storeTypes: StoreType[];
}

/** What the assistant page shows this viewer. */
export async function openStoreState(db: Db, viewer: Viewer): Promise<OpenStoreState> {
  if (viewer.kind !== 'user') return { standing: 'anonymous', shop: null, storeTypes: [] };
  const [shop, mainType, supplier] = await Promise.all([
    repo.ownedShop(db, viewer.user.profile_id), repo.profileMainType(db, viewer.user.profile_id), supplierOf(db, viewer),
  ]);
  return {
    standing: openStanding(viewer.user.user_level, true, shop !== null),
    shop: shop ? { slug: shop.slug, name: shop.name } : null,
    storeTypes: allowedStoreTypes({ mainType, isSupplier: supplier?.permissions === 'owner' }),
  };
}

const normalise = (slug: string) => slug.trim().toLowerCase();

export async function slugAvailability(db: Db, slug: string): Promise<{ slug: string; available: boolean; reason: SlugProblem | null }> {
  const s = normalise(slug);
  const reason = slugProblem(s) ?? ((await repo.slugTaken(db, s)) ? 'slug_taken' : null);
  return { slug: s, available: reason === null, reason };
}

/** GET /api/shops/slug-check: signed-in people only (the assistant's live check). */
export async function checkSlug(db: Db, viewer: Viewer, slug: string) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return slugAvailability(db, slug);
}

const slugError = (reason: SlugProblem) => reason === 'slug_taken'
  ? new AppError('conflict', 'That address is taken', { textKey: 'openStore.slugProblem-slug_taken', fields: { slug: [reason] } })
  : new AppError('validation_error', 'That address cannot be used', { textKey: `openStore.slugProblem-${reason}`, fields: { slug: [reason] } });

function refuseStanding(state: OpenStoreState): never {
  if (state.standing === 'anonymous') throw new AppError('unauthenticated', 'Sign in to continue');
  if (state.standing === 'has_store') throw new AppError('conflict', 'You already have a store', { textKey: 'openStore.hasStoreTitle' });
  throw new AppError('forbidden', 'Only entrepreneurs without a store (level one) can open a free store', { textKey: 'openStore.onlyLevelOne' });
}

/**
 * Opens the store: the viewer's user row is locked, so two submits open one store; the address is unique in the
 * database too (a race with someone else answers slug_taken). Answers the new shop and where to go next.
 */
export async function openStore(db: Db, viewer: Viewer, input: OpenStoreInput) {
  const state = await openStoreState(db, viewer);
  if (state.standing !== 'entrepreneur' || viewer.kind !== 'user') refuseStanding(state);
  const slug = normalise(input.slug);
  const problem = slugProblem(slug);
  if (problem) throw slugError(problem);
  if (!state.storeTypes.includes(input.store_type)) {
    throw new AppError('validation_error', 'That store type is not open to you', { textKey: 'openStore.typeNotAllowed', fields: { store_type: ['store_type_not_allowed'] } });
  }
  const pack = packs().get(input.theme_pack);
  if (!pack) throw new AppError('validation_error', 'Unknown theme pack', { fields: { theme_pack: ['validation.invalidOption'] } });
  const preset = pack.pack.presets[0];
  const root = await repo.networkRootOf(db, viewer.user.profile_id);
  const shop = await inTx(db, async (tx) => {
    const level = await repo.lockUserLevel(tx, viewer.user.id);
    if (level !== 'ul1' || (await repo.ownedShop(tx, viewer.user.profile_id))) refuseStanding(await openStoreState(tx, viewer));
    const created = await repo.insertShop(tx, {
      owner: viewer.user.profile_id, slug, name: input.name, store_type: input.store_type, theme_pack: pack.pack.id,
      store_theme_info: storeThemeInfoSchema.parse(preset ? { color1: preset.color1, color2: preset.color2 } : {}),
      // The owner's e-mail is not made the shop's public contact: they choose one in the configuration.
      root_affinity_store_id: input.store_type === 'affinity' ? null : root,
    });
    if (!created) throw slugError('slug_taken');
    await repo.setLevel(tx, viewer.user.id, 'ul1', 'ul2');
    return created;
  });
  return {
    shop: { ...shop, store_type: shop.store_type as StoreType },
    editor_path: `/${shop.slug}/admin/editor`,
    user_level: 'ul2' as const,
  };
}

/** The /emprendedores landing's call: a registered person (ul0) becomes an entrepreneur (ul1). Others keep their level. */
export async function becomeEntrepreneur(db: Db, viewer: Viewer) {
  if (viewer.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue');
  return inTx(db, async (tx) => {
    const level = await repo.lockUserLevel(tx, viewer.user.id);
    if (level === 'ul0') {
      await repo.setLevel(tx, viewer.user.id, 'ul0', 'ul1');
      return { user_level: 'ul1' as const };
    }
    return { user_level: level as 'ul1' | 'ul2' | 'ul3' | null };
  });
}
