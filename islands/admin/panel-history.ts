// Panel commands: inside the theme builder, each live save or delete of an admin editor (header, carousel,
// banners, colours, photo, social links) is recorded as a command the builder's Undo/Redo can apply (see
// islands/builder/history.ts). Outside the builder (the storefront's side bar) nobody listens and nothing is kept.
// A command is built from the states before and after the change as the API returned them: undo sends the
// before state back, redo the after state; a deleted item is created again (it gets a new id, which the command
// keeps for the next redo).
import { createContext, useContext } from 'react';
import { isJsonApiError } from '../shared/json-api.ts';
import type { AdminApi } from './api.ts';

export const PANEL_COMMAND_KINDS = [
  'color', 'photo', 'social', 'headerSave', 'headerCreate', 'slideEdit', 'slideCreate', 'slideDelete', 'bannerEdit', 'bannerCreate', 'bannerDelete',
  'headerDelete', 'headerApply', 'headerUnapply', 'slideOrder', 'catalogueCreate', 'catalogueEdit', 'catalogueDelete',
] as const;
export type PanelCommandKind = (typeof PANEL_COMMAND_KINDS)[number];

export interface PanelCommand {
  kind: PanelCommandKind;
  undo: () => Promise<unknown>;
  redo: () => Promise<unknown>;
}
export type RecordCommand = (c: PanelCommand) => void;

/** The builder's recorder (null: not in the builder, record nothing). */
export const PanelHistoryContext = createContext<RecordCommand | null>(null);
export const usePanelHistory = () => useContext(PanelHistoryContext);

/** Image fields the server checks as this shop's uploads. */
const IMAGE_FIELDS = ['photo', 'hzt_image', 'vrt_image'] as const;

/**
 * The images a command may have to send again, kept in memory: the server deletes an image nothing uses any more
 * (a deleted slide's, a replaced photo), so an undo that names it again would be refused.
 */
export class ImageKeeper {
  private blobs = new Map<string, Blob>();
  /** Reads each image (same-origin upload addresses) while it still exists; a failed read is left out. */
  async keep(urls: (string | null | undefined)[]) {
    await Promise.all(urls.filter((u): u is string => !!u && !this.blobs.has(u)).map(async (u) => {
      try {
        const res = await fetch(u, { credentials: 'same-origin' });
        if (res.ok) this.blobs.set(u, await res.blob());
      } catch { /* not kept: an undo that needs it fails with a message */ }
    }));
  }
  /**
   * Sends `body`; when the server refuses an image field (the image was deleted meanwhile) and that image is kept,
   * uploads it again and sends once more with the new address.
   */
  async send<T>(api: AdminApi, body: Record<string, unknown>, call: (body: Record<string, unknown>) => Promise<T>): Promise<T> {
    try {
      return await call(body);
    } catch (e) {
      const refused = isJsonApiError(e) && e.status === 400 ? IMAGE_FIELDS.filter((f) => e.fields?.[f] && typeof body[f] === 'string' && this.blobs.has(body[f] as string)) : [];
      if (!refused.length) throw e;
      const again = { ...body };
      for (const f of refused) {
        const blob = this.blobs.get(body[f] as string)!;
        again[f] = (await api.upload(new File([blob], `${f}.${blob.type.split('/')[1]?.replace('svg+xml', 'svg') ?? 'png'}`, { type: blob.type }))).url;
      }
      return call(again);
    }
  }
}

/** `keys` of an object, nulls kept (a PATCH body that puts those fields back). */
export const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k] ?? null]));

/**
 * `current` (ids) put in the order of `wanted` as far as both hold the same items: the slots of the items `wanted`
 * names get those items in `wanted`'s order; any other item keeps its slot (created meanwhile, say).
 */
export function orderLike(wanted: readonly string[], current: readonly string[]): string[] {
  const have = new Set(current);
  const queue = wanted.filter((id) => have.has(id));
  const named = new Set(queue);
  return current.map((id) => (named.has(id) ? queue.shift()! : id));
}
