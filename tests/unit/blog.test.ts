// Blog rules that need no database (seed 001 §3, §5, §9): the abstract, slugs, tags, the request schemas, the HTML
// sanitiser and the cleaning of the editor's document.
import { describe, expect, it } from 'vitest';
import {
  blogAbstract, blogDocSchema, blogEntryInputSchema, blogEntryPatchSchema, blogSlug, splitTags, type BlogDoc,
} from '../../src/domain/blog/schema.ts';
import { imagesOf, plainTextOf, sanitizeBlogDoc, sanitizeBlogHtml } from '../../src/domain/blog/sanitize.ts';
import { checkLink, LINK_RULES } from '../../src/lib/shared/safe-url.ts';
import { prepareContent } from '../../src/domain/blog/service.ts';
import { buildDemoBlogs } from '../../src/db/seed/blogs.ts';
import { BLOG_ABSTRACT_MAX } from '../../src/lib/shared/constants.ts';

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('abstract (first 500 characters of the plain text, plus an ellipsis when longer)', () => {
  it('keeps a short text whole, without an ellipsis', () => {
    expect(blogAbstract('Hola mundo')).toBe('Hola mundo');
    expect(blogAbstract('')).toBe('');
  });
  it('keeps exactly 500 characters whole', () => {
    const text = 'a'.repeat(BLOG_ABSTRACT_MAX);
    expect(blogAbstract(text)).toBe(text);
  });
  it('cuts a longer text to its first 500 characters and adds …', () => {
    const text = 'b'.repeat(BLOG_ABSTRACT_MAX) + 'cdef';
    const a = blogAbstract(text);
    expect(a).toBe('b'.repeat(500) + '…');
    expect(Array.from(a)).toHaveLength(501);
  });
  it('folds white space first and never splits a character made of two code units', () => {
    expect(blogAbstract('  uno\n\n dos\t tres  ')).toBe('uno dos tres');
    const emoji = '😀'.repeat(BLOG_ABSTRACT_MAX + 3);
    expect(blogAbstract(emoji)).toBe('😀'.repeat(500) + '…');
  });
  it('drops the space the cut leaves before the ellipsis', () => {
    const text = `${'x'.repeat(499)} yz`;
    expect(blogAbstract(text)).toBe(`${'x'.repeat(499)}…`);
  });
});

describe('slugs and tags', () => {
  it('makes slugs from titles', () => {
    expect(blogSlug('Cómo cuidar tus piezas de barro')).toBe('como-cuidar-tus-piezas-de-barro');
    expect(blogSlug('¡Año nuevo, ñandú!')).toBe('ano-nuevo-nandu');
    expect(blogSlug('***')).toBe('entrada');
    expect(blogSlug('x'.repeat(200))).toHaveLength(80);
  });
  it('splits comma-separated tags without empties or repeats', () => {
    expect(splitTags(' café,  Viajes ,,café, CAFÉ ,  ')).toEqual(['café', 'Viajes']);
    expect(splitTags('')).toEqual([]);
  });
});

describe('request schemas', () => {
  it('requires a title of at most 150 characters', () => {
    expect(fieldsOf(blogEntryInputSchema.safeParse({}))).toHaveProperty('title');
    expect(fieldsOf(blogEntryInputSchema.safeParse({ title: '   ' })).title).toBe('validation.blogTitle'); // a message key, translated in the answer
    expect(fieldsOf(blogEntryInputSchema.safeParse({ title: 'x'.repeat(151) })).title).toBe('validation.tooLong');
    expect(blogEntryInputSchema.safeParse({ title: 'x'.repeat(151) }).error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 150 });
    const ok = blogEntryInputSchema.parse({ title: '  Hola  ' });
    expect(ok).toMatchObject({ title: 'Hola', content: '', content_json: null, tags: [], image: null, list_state: 'unpublished' });
  });
  it("takes list_state published | unpublished, and the source's 'draft' as unpublished", () => {
    expect(blogEntryInputSchema.parse({ title: 'a', list_state: 'draft' }).list_state).toBe('unpublished');
    expect(blogEntryInputSchema.parse({ title: 'a', list_state: 'published' }).list_state).toBe('published');
    expect(fieldsOf(blogEntryInputSchema.safeParse({ title: 'a', list_state: 'public' }))).toHaveProperty('list_state');
  });
  it('takes only uploaded images as the cover', () => {
    expect(blogEntryInputSchema.parse({ title: 'a', image: '' }).image).toBeNull();
    expect(blogEntryInputSchema.parse({ title: 'a', image: '/media/0b9d877f-fb62-5643-b1c9-a706b0e932b2.png' }).image).toMatch(/^\/media\//);
    for (const bad of ['https://evil.example/x.png', 'javascript:alert(1)', '/media/../x.png']) {
      expect(fieldsOf(blogEntryInputSchema.safeParse({ title: 'a', image: bad })), bad).toHaveProperty('image');
    }
  });
  it('dedupes tags and limits them to 20 of 40 characters', () => {
    expect(blogEntryInputSchema.parse({ title: 'a', tags: ['a', ' a ', 'B'] }).tags).toEqual(['a', 'B']);
    expect(fieldsOf(blogEntryInputSchema.safeParse({ title: 'a', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toHaveProperty('tags');
    expect(fieldsOf(blogEntryInputSchema.safeParse({ title: 'a', tags: ['x'.repeat(41)] }))).toHaveProperty('tags.0');
  });
  it('takes a tiptap document and refuses anything else, or one nested absurdly deep', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hola' }] }] };
    expect(blogDocSchema.safeParse(doc).success).toBe(true);
    expect(blogDocSchema.safeParse({ type: 'paragraph' }).success).toBe(false);
    expect(blogDocSchema.safeParse('<p>x</p>').success).toBe(false);
    let deep: Record<string, unknown> = { type: 'text', text: 'x' };
    for (let i = 0; i < 5000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(blogDocSchema.safeParse({ type: 'doc', content: [deep] }).success).toBe(false);
  });
  it('PATCH takes any subset and applies no defaults', () => {
    expect(blogEntryPatchSchema.parse({})).toEqual({});
    expect(blogEntryPatchSchema.parse({ list_state: 'draft' })).toEqual({ list_state: 'unpublished' });
    expect(fieldsOf(blogEntryPatchSchema.safeParse({ title: '' }))).toHaveProperty('title');
  });
});

describe('HTML sanitiser', () => {
  it('removes scripts and their text, styles, iframes and other active content', () => {
    const out = sanitizeBlogHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example">x</iframe>'
      + '<object data="x.swf"></object><embed src="x"><form action="/x"><input name="q"></form><svg><script>alert(2)</script></svg><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
  });
  it('removes event handlers, style and class attributes', () => {
    const out = sanitizeBlogHtml('<p onclick="alert(1)" style="color:red" class="x">t</p><img src="/media/a.png" onerror="alert(1)" onload="x">');
    expect(out).toBe('<p>t</p><img src="/media/a.png" />');
    expect(out).not.toMatch(/on\w+=|style=|class=/);
  });
  it('drops javascript:, data: and vbscript: links however they are spelled', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x09;ascript:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '&#106;avascript:alert(1)']) {
      const out = sanitizeBlogHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
  });
  it('keeps http(s), mailto, tel and relative links; other sites get rel=noopener noreferrer nofollow', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com/a" target="_blank">x</a>'))
      .toBe('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeBlogHtml('<a href="/productos" target="_top">x</a>')).toBe('<a href="/productos">x</a>');
    expect(sanitizeBlogHtml('<a href="mailto:hola@example.com">m</a><a href="tel:+5255">t</a>')).toBe('<a href="mailto:hola@example.com">m</a><a href="tel:+5255">t</a>');
  });
  it('keeps images over https and our own /media uploads only', () => {
    expect(sanitizeBlogHtml('<img src="https://cdn.example/a.png" alt="a">')).toBe('<img src="https://cdn.example/a.png" alt="a" />');
    for (const src of ['http://cdn.example/a.png', '//cdn.example/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)']) {
      expect(sanitizeBlogHtml(`<p><img src="${src}"></p>`), src).toBe('<p></p>');
    }
  });
  it('keeps the editor formatting: bold, italic, headings, lists, quotes, line breaks', () => {
    const html = '<h2>T</h2><h3>S</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br />x</p><ul><li><p>1</p></li></ul><ol start="3"><li><p>2</p></li></ol><blockquote><p>q</p></blockquote><hr />';
    expect(sanitizeBlogHtml(html)).toBe(html);
    expect(sanitizeBlogHtml('<h1>a</h1><h6>b</h6><div>c</div>')).toBe('<h2>a</h2><h4>b</h4>c');
  });
  it('gives the plain text (entities decoded, blocks separated) and the images', () => {
    expect(plainTextOf('<h2>Título</h2><p>a &amp; b&nbsp;&lt;c&gt;</p><ul><li>uno</li><li>dos</li></ul>')).toBe('Título a & b <c> uno dos');
    expect(imagesOf('<img src="/media/a.png" /><p><img src="https://x.example/b.png" /><img src="/media/a.png" /></p>')).toEqual(['/media/a.png', 'https://x.example/b.png']);
  });
  it('derives the stored fields together', () => {
    const c = prepareContent(`<p onclick="x">${'palabra '.repeat(100)}</p><script>alert(1)</script>`, null);
    expect(c.content_html).not.toContain('script');
    expect(c.content_html).not.toContain('onclick');
    expect(c.abstract.endsWith('…')).toBe(true);
    expect(Array.from(c.abstract)).toHaveLength(BLOG_ABSTRACT_MAX + 1);
    expect(c.plain_text.startsWith('palabra palabra')).toBe(true);
  });
});

describe("editor document cleaning", () => {
  it('keeps known nodes and marks, drops unknown ones, unsafe links and images', () => {
    const doc: BlogDoc = {
      type: 'doc', content: [
        { type: 'heading', attrs: { level: 1, onclick: 'x' }, content: [{ type: 'text', text: 'T' }] },
        {
          type: 'paragraph', attrs: { style: 'color:red' }, content: [
            { type: 'text', text: 'a', marks: [{ type: 'bold' }, { type: 'evil' }, { type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank', onclick: 'x' } }] },
          ],
        },
        { type: 'image', attrs: { src: 'javascript:alert(1)' } },
        { type: 'image', attrs: { src: '/media/a.png', alt: 'x', onerror: 'y' } },
        { type: 'iframe', attrs: { src: 'https://evil.example' } },
      ],
    };
    expect(sanitizeBlogDoc(doc)).toEqual({
      type: 'doc', content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'T' }] },
        {
          type: 'paragraph', content: [
            { type: 'text', text: 'a', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank' } }] },
          ],
        },
        { type: 'image', attrs: { src: '/media/a.png', alt: 'x' } },
      ],
    });
  });
  it('checks link addresses like the HTML sanitiser (the shared rules of src/lib/shared/safe-url.ts)', () => {
    expect(checkLink('https://a.example', LINK_RULES.media)).toBe('https://a.example');
    expect(checkLink('/productos', LINK_RULES.content)).toBe('/productos');
    for (const bad of ['java\tscript:alert(1)', 'javascript:x', '//evil.example', '\\\\evil', 'data:x', 42]) expect(checkLink(bad, LINK_RULES.content)).toBeNull();
  });
});

describe('demo blog', () => {
  it('is deterministic: the same rows on every build, four published entries and one draft', () => {
    const a = buildDemoBlogs('shop', 'owner');
    const b = buildDemoBlogs('shop', 'owner');
    expect(a).toEqual(b);
    expect(a.entries.map((e) => e.list_state)).toEqual(['published', 'published', 'published', 'published', 'unpublished']);
    for (const e of a.entries) {
      expect(e.content_html).toBe(sanitizeBlogHtml(e.content_html!));
      expect(e.abstract).toBe(blogAbstract(e.plain_text!));
      expect(e.image).toMatch(/^\/media\/[0-9a-f-]{36}\.svg$/);
    }
    expect(a.entries[0]!.abstract!.endsWith('…')).toBe(true);
  });
});
