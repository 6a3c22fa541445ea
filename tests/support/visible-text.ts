// What a person reads on a server-rendered page: text nodes (without scripts and styles), the attributes people
// see or hear (placeholder, aria-label, title, alt, button values), and the string props of islands (their labels
// are rendered from them on hydration). Each piece stays separate, so a finding names the element it came from.
import { Parser } from 'htmlparser2';

export interface TextPiece {
  /** Where the text came from: 'text' (a text node in <tag>), 'attr' (tag[attr]) or 'prop' (an island's prop). */
  kind: 'text' | 'attr' | 'prop';
  where: string;
  text: string;
}

const SKIP = new Set(['script', 'style']);
const SPOKEN_ATTRS = ['placeholder', 'aria-label', 'title', 'alt', 'aria-description', 'data-tooltip'];
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Astro serialises island props as [type, value] pairs (0 plain, 1 array, 2-3 maps/sets...): every string leaf. */
function propStrings(json: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  try { walk(JSON.parse(json)); } catch { /* not JSON: nothing to read */ }
  return out;
}

export function visibleText(html: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const stack: string[] = [];
  let skip = 0;
  // Content marked translate="no" (HTML's own flag for text that is not the page's language: a mail as it was
  // sent, a code to copy) is not judged; the depth at which such a region opened, else -1.
  let untranslated = -1;
  const parser = new Parser({
    onopentag(name, attrs) {
      stack.push(name);
      if (SKIP.has(name)) skip++;
      if (untranslated < 0 && attrs.translate === 'no') untranslated = stack.length;
      if (untranslated >= 0) return;
      for (const a of SPOKEN_ATTRS) {
        const v = attrs[a];
        if (v && squash(v)) pieces.push({ kind: 'attr', where: `${name}[${a}]`, text: squash(v) });
      }
      if ((name === 'input' && /^(submit|button|reset)$/i.test(attrs.type ?? '')) && attrs.value) {
        pieces.push({ kind: 'attr', where: 'input[value]', text: squash(attrs.value) });
      }
      if (name === 'meta' && attrs.name === 'description' && attrs.content) pieces.push({ kind: 'attr', where: 'meta[description]', text: squash(attrs.content) });
      if (name === 'astro-island' && attrs.props) {
        for (const s of propStrings(attrs.props)) if (squash(s)) pieces.push({ kind: 'prop', where: `island ${attrs['component-url']?.split('/').pop() ?? ''}`, text: squash(s) });
      }
    },
    ontext(data) {
      if (skip || untranslated >= 0) return;
      const text = squash(data);
      if (text) pieces.push({ kind: 'text', where: stack.at(-1) ?? '', text });
    },
    onclosetag(name) {
      if (SKIP.has(name)) skip = Math.max(0, skip - 1);
      const i = stack.lastIndexOf(name);
      if (i >= 0) stack.length = i;
      if (untranslated > stack.length) untranslated = -1;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return pieces;
}
