// Server-side cleaning of what the blog editor sends (server-only: sanitize-html and htmlparser2). The HTML is
// rebuilt from an allow-list: formatting, headings, lists, quotes, links and images only. Scripts, styles,
// iframes, objects and forms go with their content; event handlers (on*), style and class attributes go;
// links keep http(s), mailto, tel and same-site paths (javascript:, data: and vbscript: are dropped, however they
// are spelled); images keep https and same-site paths (our /media uploads). Both are checked by the shared URL
// rules (src/lib/shared/safe-url.ts) after sanitize-html's own scheme list. The editor's JSON document is cleaned
// by the same rules, so what the editor reopens is what the page shows.
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { checkLink, LINK_RULES } from '../../lib/shared/safe-url.ts';
import type { BlogDoc } from './schema.ts';

const TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'hr', 'img'];
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['https'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], ol: ['start'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text must not survive as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'svg', 'math', 'select'],
  transformTags: {
    h1: 'h2', h5: 'h4', h6: 'h4',
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = checkLink(attribs.href, LINK_RULES.content);
      if (href) out.href = href;
      if (attribs.target === '_blank') { out.target = '_blank'; }
      // Links to other sites carry no referrer and no ranking.
      if (href && /^https?:/i.test(href)) out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src: raw, ...rest } = attribs;
      const src = checkLink(raw, LINK_RULES.media);
      return { tagName, attribs: src ? { src, ...rest } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The editor's HTML made safe to show on the storefront. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCKS = new Set(['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'hr', 'ul', 'ol', 'div', 'tr', 'td', 'th']);

/** The text of (sanitised) HTML: entities decoded, block boundaries as spaces, white space folded. */
export function plainTextOf(html: string): string {
  let out = '';
  const parser = new Parser({
    ontext(text) { out += text; },
    onopentag(name) { if (BLOCKS.has(name)) out += ' '; },
    onclosetag(name) { if (BLOCKS.has(name)) out += ' '; },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out.replace(/\s+/g, ' ').trim();
}

/** The image addresses in (sanitised) HTML, in order, without repeats. */
export function imagesOf(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser({ onopentag(name, attribs) { if (name === 'img' && attribs.src && !out.includes(attribs.src)) out.push(attribs.src); } });
  parser.write(html);
  parser.end();
  return out;
}

// ---------- the editor's JSON document ----------

const NODES: Record<string, (a: Record<string, unknown>) => Record<string, unknown> | null> = {
  doc: () => null, paragraph: () => null, text: () => null, hardBreak: () => null, horizontalRule: () => null,
  bulletList: () => null, listItem: () => null, blockquote: () => null,
  orderedList: (a) => (typeof a.start === 'number' && Number.isInteger(a.start) && a.start > 0 && a.start < 100_000 ? { start: a.start } : null),
  heading: (a) => ({ level: [2, 3, 4].includes(a.level as number) ? a.level : a.level === 1 ? 2 : 4 }),
};
const MARKS = new Set(['bold', 'italic', 'underline', 'strike', 'link']);

function cleanNode(node: BlogDoc): BlogDoc | null {
  const a = node.attrs ?? {};
  if (node.type === 'image') {
    const src = checkLink(a.src, LINK_RULES.media);
    if (!src) return null;
    const out: Record<string, string> = { src };
    if (typeof a.alt === 'string') out.alt = a.alt.slice(0, 300);
    if (typeof a.title === 'string') out.title = a.title.slice(0, 300);
    return { type: 'image', attrs: out };
  }
  const attrsOf = NODES[node.type];
  if (!attrsOf) return null;
  const out: BlogDoc = { type: node.type };
  const kept = attrsOf(a);
  if (kept) out.attrs = kept as BlogDoc['attrs'];
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || !node.text) return null;
    out.text = node.text;
    const marks = (node.marks ?? []).flatMap((m) => {
      if (!MARKS.has(m.type)) return [];
      if (m.type !== 'link') return [{ type: m.type }];
      const href = checkLink(m.attrs?.href, LINK_RULES.content);
      return href ? [{ type: 'link', attrs: { href, target: m.attrs?.target === '_blank' ? '_blank' : null } }] : [];
    });
    if (marks.length) out.marks = marks;
    return out;
  }
  if (node.content) {
    const children = node.content.map(cleanNode).filter((c): c is BlogDoc => c !== null);
    if (children.length) out.content = children;
  }
  return out;
}

/** The editor's document with only the nodes, marks and attributes the storefront renders. */
export function sanitizeBlogDoc(doc: BlogDoc): BlogDoc {
  return cleanNode({ ...doc, type: 'doc' }) ?? { type: 'doc', content: [] };
}
