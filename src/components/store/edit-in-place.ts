// Click-to-edit on the storefront (issue 27): for a shop's admins only, each element with its own editor (a slide,
// a banner, the header text, the shop's name and photo, its social links) carries data-edit-panel / data-edit-item
// (the builder's preview opens that editor on a click: src/components/builder/PreviewBridge.astro) and a pencil link
// to the builder at that editor (EditPencil.astro; no script: it works before any hydration). Anonymous shoppers'
// pages get none of this markup.
import type { ToolPanel } from '../../../islands/builder/tool-panels.ts';

/** The builder opened at `panel`, on `item` (a slide's or banner's id) when given. */
export const editHref = (base: string, panel: ToolPanel, item?: string | null) =>
  `${base}/admin/editor?panel=${panel}${item ? `&item=${encodeURIComponent(item)}` : ''}`;

/**
 * The attributes that make an element open its editor from the builder's preview (and hold its pencil in its
 * corner); none for non-admins. Inline styles, not a stylesheet: admin-only, and no <style> in the body.
 */
export function editAttrs(isAdmin: boolean, panel: ToolPanel, item?: string | null): Record<string, string> {
  if (!isAdmin) return {};
  const at = { 'data-edit-panel': panel, style: 'position:relative' };
  return item ? { ...at, 'data-edit-item': item } : at;
}

/** The pencil's look: a 44 px circle in the element's corner, or beside the element (header, footer). */
export const PENCIL_STYLE = 'display:inline-grid;place-items:center;width:44px;height:44px;box-sizing:border-box;border-radius:999px;'
  + 'background:#fff;color:#1f5fd1;border:2px solid #1f5fd1;box-shadow:0 1px 4px rgba(0,0,0,.3);flex:none';
export const pencilStyle = (beside = false) => `${PENCIL_STYLE};${beside ? 'margin:0 auto 0 .25rem' : 'position:absolute;top:.4rem;right:.4rem;z-index:6'}`;
