// Astro writes its island style (`astro-island{display:contents}`) beside whichever island finishes rendering first,
// which with concurrent components may be late in <body>, after other islands: the Nu checker then refuses the
// page (a body <style> may only select its parent and what follows). A whole storefront page moves it into <head>;
// its CSP hash is of its text, so it stays allowed.
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

export function hoistIslandStyle(html: string): string {
  const head = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE);
  if (head < 0 || at < head) return html;
  return html.slice(0, head) + ISLAND_STYLE + html.slice(head, at) + html.slice(at + ISLAND_STYLE.length);
}
