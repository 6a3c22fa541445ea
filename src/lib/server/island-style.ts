// Astro writes its island style (`astro-island{display:contents}`) beside whichever island finishes rendering first,
// which with concurrent components may be late in <body>, after other islands: the Nu checker then refuses the
// page (a body <style> may only select its parent and what follows). Islands' own styles are React 19 hoistable
// styles (`<style href=… precedence=…>`, written `<style data-precedence=… data-href=…>`), which React's server
// render leaves in the island's markup (issue 27: the admin bar's and the builder's CSS in <body>). A whole page
// (storefront or platform) moves them into <head>, in their order; React finds its hoisted styles there when it
// hydrates (it looks for them by data-href in the document), and their text is unchanged (styles may be inline by
// the CSP). It works on the page's bytes: decoding 70 KB to a string and encoding it again (with the Response
// constructor's USVString scan) cost 8% of a render (tests/bench/render.ts).
const ISLAND_STYLE = Buffer.from('<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>');
const HOISTABLE = Buffer.from('<style data-precedence=');
const STYLE_END = Buffer.from('</style>');
const HEAD_END = Buffer.from('</head>');

export function hoistIslandStyle(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const head = html.indexOf(HEAD_END);
  if (head < 0) return html;
  // The pieces after </head> that move: [start, end) of each, in page order.
  const moves: [number, number][] = [];
  const island = html.indexOf(ISLAND_STYLE, head);
  if (island >= 0) moves.push([island, island + ISLAND_STYLE.length]);
  const seen = new Set<string>();
  for (let at = html.indexOf(HOISTABLE, head); at >= 0; at = html.indexOf(HOISTABLE, at + 1)) {
    const end = html.indexOf(STYLE_END, at);
    if (end < 0) break;
    moves.push([at, end + STYLE_END.length]);
  }
  if (!moves.length) return html;
  moves.sort((a, b) => a[0] - b[0]);
  const moved: Buffer[] = [];
  const rest: Buffer[] = [html.subarray(head, moves[0]![0])];
  moves.forEach(([s, e], i) => {
    const piece = html.subarray(s, e);
    // The same hoisted style written by two islands (React dedupes by href on the client) goes up once.
    const key = piece.subarray(0, Math.min(piece.length, 200)).toString('latin1');
    if (!seen.has(key)) { seen.add(key); moved.push(piece); }
    rest.push(html.subarray(e, moves[i + 1]?.[0] ?? html.length));
  });
  return Buffer.concat([html.subarray(0, head), ...moved, ...rest]) as Buffer<ArrayBuffer>;
}
