// A strict allow-list SVG sanitiser over a tiny XML tokenizer (no dependencies). Uploaded SVGs are rebuilt from
// what is known to be inert: drawing elements and presentation attributes. Everything else is taken out:
// script, foreignObject, animation elements (they can rewrite href), event-handler attributes (on*), links,
// javascript:/data: and external references (href, url(...) other than #fragments), <style> @import and
// url(http...). Documents that are not well-formed XML, that declare entities (DOCTYPE internal subset), or whose
// root is not <svg> are refused. The /media route's CSP sandbox stays the second line of defence.

export class SvgRejected extends Error {}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const MAX_DEPTH = 200;
const MAX_ELEMENTS = 100_000;

/** Elements kept (with their allowed attributes and their children). */
const KEEP = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
  'image', 'style', 'marker', 'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feFlood',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feOffset', 'feDropShadow', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA',
  'feMorphology', 'feTurbulence', 'feDisplacementMap', 'feTile',
]);
/** Elements whose tag goes but whose children stay (links would navigate; switch picks by features). */
const UNWRAP = new Set(['a', 'switch']);
// Everything else (script, foreignObject, animate, set, iframe, feImage, metadata, editor namespaces ...) is
// removed with its content.

const ATTRS = new Set([
  'id', 'class', 'style', 'transform', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr',
  'width', 'height', 'points', 'viewBox', 'preserveAspectRatio', 'version', 'baseProfile', 'opacity', 'display', 'visibility',
  'overflow', 'color', 'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'filterUnits', 'primitiveUnits', 'dx', 'dy',
  'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'path', 'pathLength', 'in', 'in2',
  'result', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'stdDeviation', 'edgeMode', 'tableValues',
  'slope', 'intercept', 'amplitude', 'exponent', 'radius', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'scale',
  'xChannelSelector', 'yChannelSelector', 'refX', 'refY', 'markerWidth', 'markerHeight', 'markerUnits', 'orient',
  'role', 'aria-label', 'aria-hidden', 'focusable', 'xml:space', 'lang', 'xml:lang', 'mask', 'filter', 'clip-path',
  'cursor', 'direction', 'unicode-bidi', 'writing-mode', 'href', 'xlink:href',
]);
/** Presentation attribute families (stroke-width, font-size, stop-color ...): values only, never fetched, except url(). */
const ATTR_FAMILIES = /^(fill|stroke|font|text|stop|flood|lighting|marker|clip|color|letter|word|baseline|alignment|dominant|glyph|image|shape|vector|paint|mix|isolation|transform|solid|enable)(-[a-z]+)*$/;

const HREF_FRAGMENT_ONLY = /^#[A-Za-z_][\w.:-]*$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const SAFE_URL_REF = /^#[A-Za-z_][\w.:-]*$/;

type Token =
  | { kind: 'open'; name: string; attrs: [string, string][]; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  if (/&(?!(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]\w{0,31});)/.test(s)) throw new SvgRejected('a bare & (not well-formed XML)');
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][\w]{0,31});/g, (_m, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new SvgRejected('bad character reference');
      return String.fromCodePoint(cp);
    }
    const v = ENTITIES[e];
    if (v === undefined) throw new SvgRejected(`unknown entity &${e};`);
    return v;
  });
}

const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s: string) => escText(s).replace(/"/g, '&quot;');

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const lt = src.indexOf('<', i);
    if (lt < 0) { out.push({ kind: 'text', text: decodeEntities(src.slice(i)) }); break; }
    if (lt > i) out.push({ kind: 'text', text: decodeEntities(src.slice(i, lt)) });
    i = lt;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) throw new SvgRejected('unterminated comment');
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i + 9);
      if (end < 0) throw new SvgRejected('unterminated CDATA');
      out.push({ kind: 'text', text: src.slice(i + 9, end) });
      i = end + 3;
    } else if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end < 0) throw new SvgRejected('unterminated processing instruction');
      i = end + 2;
    } else if (/^<!DOCTYPE/i.test(src.slice(i, i + 9))) {
      const end = src.indexOf('>', i);
      if (end < 0) throw new SvgRejected('unterminated DOCTYPE');
      if (src.slice(i, end).includes('[')) throw new SvgRejected('a DOCTYPE that declares entities');
      i = end + 1;
    } else if (src.startsWith('<!', i)) {
      throw new SvgRejected('markup declarations are not accepted');
    } else if (src[i + 1] === '/') {
      const m = NAME.exec(src.slice(i + 2, i + 2 + 256));
      if (!m) throw new SvgRejected('bad end tag');
      let j = i + 2 + m[0].length;
      while (j < n && /\s/.test(src[j]!)) j++;
      if (src[j] !== '>') throw new SvgRejected('bad end tag');
      out.push({ kind: 'close', name: m[0] });
      i = j + 1;
    } else {
      const m = NAME.exec(src.slice(i + 1, i + 1 + 256));
      if (!m) throw new SvgRejected('a < that starts no tag');
      let j = i + 1 + m[0].length;
      const attrs: [string, string][] = [];
      const seen = new Set<string>();
      for (;;) {
        const ws = j;
        while (j < n && /\s/.test(src[j]!)) j++;
        if (src[j] === '>') { out.push({ kind: 'open', name: m[0], attrs, selfClosing: false }); i = j + 1; break; }
        if (src[j] === '/' && src[j + 1] === '>') { out.push({ kind: 'open', name: m[0], attrs, selfClosing: true }); i = j + 2; break; }
        if (j === ws) throw new SvgRejected('attributes must be separated by white space');
        const a = NAME.exec(src.slice(j, j + 256));
        if (!a) throw new SvgRejected('bad attribute');
        j += a[0].length;
        while (j < n && /\s/.test(src[j]!)) j++;
        if (src[j] !== '=') throw new SvgRejected(`attribute ${a[0]} has no value`);
        j++;
        while (j < n && /\s/.test(src[j]!)) j++;
        const q = src[j];
        if (q !== '"' && q !== "'") throw new SvgRejected('attribute values must be quoted');
        const end = src.indexOf(q, j + 1);
        if (end < 0) throw new SvgRejected('unterminated attribute value');
        const raw = src.slice(j + 1, end);
        if (raw.includes('<')) throw new SvgRejected('< inside an attribute value');
        if (seen.has(a[0])) throw new SvgRejected(`duplicate attribute ${a[0]}`);
        seen.add(a[0]);
        attrs.push([a[0], decodeEntities(raw).replace(/[\t\n\r]/g, ' ')]);
        j = end + 1;
      }
    }
  }
  return out;
}

/**
 * CSS of a <style> element or a style attribute with every way to fetch or run something taken out:
 * @import, url() other than url(#id), image-set(), expression(), bindings, javascript:. CSS with escapes
 * (which could spell those) is dropped whole. Answers '' when nothing safe is left.
 */
export function sanitizeCss(css: string): string {
  let s = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/[\\]|<\/|<!--/.test(s)) return '';
  s = s.replace(/@import[^;]*;?/gi, '');
  s = s.replace(CSS_URL, (m, _q, ref: string) => (SAFE_URL_REF.test(ref.trim()) ? m : 'none'));
  const withoutSafeRefs = s.replace(CSS_URL, (m, _q, ref: string) => (SAFE_URL_REF.test(ref.trim()) ? '' : m));
  if (/@import|url\s*\(|image-set|expression\s*\(|-moz-binding|behavior\s*:|javascript:|vbscript:|@namespace|@font-face/i.test(withoutSafeRefs)) return '';
  return s.trim();
}

function safeAttr(el: string, name: string, value: string, removed: Set<string>): string | null {
  if (/^on/i.test(name)) { removed.add(`${name} attribute`); return null; }
  if (name === 'href' || name === 'xlink:href') {
    const v = value.trim();
    if (HREF_FRAGMENT_ONLY.test(v) && el !== 'image') return v;
    if (el === 'image' && DATA_IMAGE.test(v)) return v.replace(/\s+/g, '');
    removed.add(`${name}="${v.slice(0, 40)}"`);
    return null;
  }
  if (!ATTRS.has(name) && !ATTR_FAMILIES.test(name)) { removed.add(`${name} attribute`); return null; }
  if (name === 'style') {
    const css = sanitizeCss(value);
    if (css !== value.trim()) removed.add('unsafe style');
    return css || null;
  }
  if (/javascript:|vbscript:|data:/i.test(value)) { removed.add(`${name} value`); return null; }
  if (/url\s*\(/i.test(value)) {
    const ok = [...value.matchAll(CSS_URL)].every((m) => SAFE_URL_REF.test(m[2]!.trim()));
    const stray = value.replace(CSS_URL, '').match(/url\s*\(/i);
    if (!ok || stray) { removed.add(`${name}=url(...)`); return null; }
  }
  return value;
}

export interface SanitizedSvg { svg: string; removed: string[] }

/** The sanitised document; throws SvgRejected when the file cannot be accepted at all. */
export function sanitizeSvg(source: string): SanitizedSvg {
  let src = source;
  if (src.charCodeAt(0) === 0xfeff) src = src.slice(1);
  if (src.includes('\0')) throw new SvgRejected('binary data in an SVG');
  const tokens = tokenize(src);
  const removed = new Set<string>();
  const out: string[] = [];
  // Open elements: name and whether it was written (kept) or unwrapped; 'drop' swallows its whole subtree.
  const stack: { name: string; mode: 'keep' | 'unwrap' | 'drop' }[] = [];
  let dropping = 0; // depth inside a dropped subtree
  let rootDone = false;
  let rootSeen = false;
  let elements = 0;
  for (const t of tokens) {
    if (rootDone) {
      if (t.kind === 'text' && !t.text.trim()) continue;
      if (t.kind === 'text' || t.kind === 'open') throw new SvgRejected('content after the root element');
      throw new SvgRejected('an end tag after the root element');
    }
    if (t.kind === 'text') {
      if (!rootSeen) { if (t.text.trim()) throw new SvgRejected('text before the <svg> element'); continue; }
      if (dropping) continue;
      const parent = stack[stack.length - 1];
      if (parent?.name === 'style') {
        const css = sanitizeCss(t.text);
        if (css !== t.text.trim()) removed.add('unsafe <style> content');
        out.push(escText(css));
      } else out.push(escText(t.text));
      continue;
    }
    if (t.kind === 'open') {
      if (++elements > MAX_ELEMENTS) throw new SvgRejected('too many elements');
      if (!rootSeen) {
        if (t.name !== 'svg') throw new SvgRejected('the root element must be <svg>');
        rootSeen = true;
      }
      if (stack.length >= MAX_DEPTH) throw new SvgRejected('elements nested too deep');
      let mode: 'keep' | 'unwrap' | 'drop' = dropping ? 'drop' : KEEP.has(t.name) ? 'keep' : UNWRAP.has(t.name) ? 'unwrap' : 'drop';
      if (mode === 'drop' && !dropping) removed.add(`<${t.name}>`);
      if (mode === 'unwrap') removed.add(`<${t.name}> (kept its content)`);
      // <style> inside <style> or text-bearing children of style would be odd: only text stays in style.
      if (mode === 'keep' && stack[stack.length - 1]?.name === 'style') { mode = 'drop'; removed.add(`<${t.name}> in <style>`); }
      if (mode === 'keep') {
        const isRoot = stack.length === 0;
        const attrs: string[] = [];
        if (isRoot) attrs.push(`xmlns="${SVG_NS}"`, `xmlns:xlink="${XLINK_NS}"`);
        for (const [name, value] of t.attrs) {
          if (name === 'xmlns' || name.startsWith('xmlns:')) {
            if (!(name === 'xmlns' && value === SVG_NS) && !(name === 'xmlns:xlink' && value === XLINK_NS)) removed.add(`${name} declaration`);
            continue;
          }
          const v = safeAttr(t.name, name, value, removed);
          if (v !== null) attrs.push(`${name}="${escAttr(v)}"`);
        }
        out.push(`<${t.name}${attrs.length ? ' ' + attrs.join(' ') : ''}${t.selfClosing ? '/>' : '>'}`);
      }
      if (t.selfClosing) {
        if (stack.length === 0) rootDone = true;
        continue;
      }
      stack.push({ name: t.name, mode });
      if (mode === 'drop') dropping++;
      continue;
    }
    // close
    const top = stack.pop();
    if (!top || top.name !== t.name) throw new SvgRejected(`mismatched end tag </${t.name}>`);
    if (top.mode === 'drop') dropping--;
    else if (top.mode === 'keep') out.push(`</${t.name}>`);
    if (stack.length === 0) rootDone = true;
  }
  if (!rootSeen) throw new SvgRejected('no <svg> element');
  if (stack.length) throw new SvgRejected(`unclosed <${stack[stack.length - 1]!.name}>`);
  return { svg: out.join(''), removed: [...removed] };
}
