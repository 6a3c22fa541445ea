// QR codes of tickets, made on the server (the `qr` package: no dependencies): an SVG for the pages (one <path>, no
// script) and the module matrix the PDF draws. Error correction 'medium' (15 %), a quiet zone of 4 modules.
import encodeQR from 'qr';

const QUIET = 4;

/** The QR's modules, quiet zone included: rows of booleans (true = dark). */
export function qrMatrix(text: string): boolean[][] {
  return encodeQR(text, 'raw', { ecc: 'medium', border: QUIET });
}

/** Runs of dark modules per row, as [x, y, length]: fewer shapes to draw than one square per module. */
export function darkRuns(m: boolean[][]): [number, number, number][] {
  const runs: [number, number, number][] = [];
  m.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) { x++; continue; }
      const start = x;
      while (x < row.length && row[x]) x++;
      runs.push([start, y, x - start]);
    }
  });
  return runs;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** An SVG QR code (scales to its box; dark on white whatever the page's colour scheme, so cameras read it). */
export function qrSvg(text: string, label: string): string {
  const m = qrMatrix(text);
  const size = m.length;
  const d = darkRuns(m).map(([x, y, w]) => `M${x} ${y}h${w}v1h-${w}z`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(label)}" shape-rendering="crispEdges">`
    + `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}
