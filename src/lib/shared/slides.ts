// Where a carousel slide leads (browser-safe: the carousel island renders the same links).
import { checkLink, LINK_RULES } from './safe-url.ts';
import type { SlideTextPlace } from './slide-text.ts';

/** What these rules read of a stored slide (the shops area's `Slide`; lib never imports a domain area). */
type Slide = {
  type: 'PRODUCT' | 'URL'; product: string | null; supplier: string | null; url: string | null; action_type: 'url' | 'none';
  title: string | null; subtitle: string | null; button_label: string | null; button_url: string | null;
  text_desktop: SlideTextPlace; text_phone: SlideTextPlace;
};

export interface SlideText {
  title: string | null; subtitle: string | null;
  /** The button, only with both a label and a link that passed the carousel link rule. */
  button: { label: string; href: string } | null;
  desktop: SlideTextPlace; phone: SlideTextPlace;
}

export interface SlideView {
  key: string; desktop: string; mobile: string; href: string | null; target: '_self' | '_blank'; text?: SlideText | null;
  /** For a shop's admin only (issue 27): the slide opens its own editor (builder preview) and shows a pencil link. */
  edit?: { href: string | null; label: string; item: string } | null;
}

/** The words of a stored slide, links checked again (null when it has none to show). */
export function slideText(s: Slide, base: string): SlideText | null {
  const href = s.button_url ? shopLink(s.button_url, base) : null;
  const button = s.button_label && href ? { label: s.button_label, href } : null;
  if (!s.title && !s.subtitle && !button) return null;
  return { title: s.title, subtitle: s.subtitle, button, desktop: s.text_desktop, phone: s.text_phone };
}

export function slideHref(s: Slide, base: string): string | null {
  if (s.action_type === 'none' && s.type !== 'PRODUCT') return null;
  if (s.type === 'PRODUCT' && s.product) return `${base}/productos/${s.supplier ?? '-'}/${s.product}`;
  if (!s.url) return null;
  return shopLink(s.url, base);
}

/** First segments of the shop's own pages: links to them get the shop's prefix (path mode). */
const SHOP_ROUTES = new Set(['', 'catalogos', 'productos', 'servicios', 'experiencias', 'carrito', 'mis-compras', 'preferencias', 'blogs', 'franquicias', 'info', 'acerca', 'admin', 'comprar-articulo', 'pagado']);

/**
 * A link an admin typed: absolute http(s) URLs stay; shop pages get the shop's base; platform pages stay at the
 * root. Checked again at render by the shared rules: any other scheme, '//host' or odd characters give null.
 */
export function shopLink(url: string, base: string): string | null {
  const absolute = checkLink(url, LINK_RULES.web);
  if (absolute) return absolute;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url.trim())) return null;
  const path = checkLink(url.trim().startsWith('/') ? url : `/${url.trim()}`, { paths: true });
  if (!path) return null;
  const first = path.split(/[/?#]/)[1] ?? '';
  return SHOP_ROUTES.has(first) ? `${base}${path}` : path;
}
