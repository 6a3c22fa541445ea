// Click-to-edit on the storefront (issue 27): for a shop's admins only, each element with its own editor (a slide,
// a banner, the header text, the shop's name and photo, its social links) carries data-edit-panel / data-edit-item
// (the builder's preview opens that editor on a click: src/components/builder/PreviewBridge.astro) and a pencil link
// to the builder at that editor (EditPencil.astro; no script: it works before any hydration). Anonymous shoppers'
// pages get none of this markup.
import type { ToolPanel } from '../../../islands/builder/tool-panels.ts';

/** The builder opened at `panel`, on `item` (a slide's or banner's id) when given. */
export const editHref = (base: string, panel: ToolPanel, item?: string | null) =>
  `${base}/admin/editor?panel=${panel}${item ? `&item=${encodeURIComponent(item)}` : ''}`;

/** The attributes that make an element open its editor from the builder's preview; none for non-admins. */
export function editAttrs(isAdmin: boolean, panel: ToolPanel, item?: string | null): Record<string, string> {
  if (!isAdmin) return {};
  return item ? { 'data-edit-panel': panel, 'data-edit-item': item } : { 'data-edit-panel': panel };
}
