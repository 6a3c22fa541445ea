// Astro writes its island style (`astro-island{display:contents}`) beside whichever island finishes rendering first,
// which with concurrent components may be late in <body>, after other islands: the Nu checker then refuses the
// page (a body <style> may only select its parent and what follows). A whole storefront page moves it into <head>;
// its CSP hash is of its text, so it stays allowed. It works on the page's bytes: decoding 70 KB to a string and
// encoding it again (with the Response constructor's USVString scan) cost 8% of a render (tests/bench/render.ts).
const ISLAND_STYLE = Buffer.from('<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>');
const HEAD_END = Buffer.from('</head>');

export function hoistIslandStyle(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const head = html.indexOf(HEAD_END);
  const at = html.indexOf(ISLAND_STYLE);
  if (head < 0 || at < head) return html;
  return Buffer.concat([html.subarray(0, head), ISLAND_STYLE, html.subarray(head, at), html.subarray(at + ISLAND_STYLE.length)]);
}
