// Precompressed client files: after each build, every text asset of dist/client (scripts, styles, SVG, JSON, XML,
// text) of PRECOMPRESS_MIN_BYTES or more gets a .br sibling (brotli at its best quality, 11) and a .gz one (gzip 9).
// scripts/static-files.mjs sends the one the browser accepts as it is: no compression per request, and a better
// ratio than the per-request brotli at quality 4 could afford (figures: docs/architecture-notes.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const PRECOMPRESS_MIN_BYTES = 1024;
/** The client files' text types, by extension: what is worth compressing and the Content-Type to send it with. */
export const TEXT_TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.json': 'application/json; charset=utf-8', '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.html': 'text/html; charset=utf-8',
};

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

/** Writes the .br and .gz siblings of `clientDir`'s text files; returns what it did (for the build's log). */
export function precompress(clientDir) {
  let count = 0; let raw = 0; let br = 0;
  for (const file of files(clientDir)) {
    if (!(path.extname(file) in TEXT_TYPES)) continue;
    const size = statSync(file).size;
    if (size < PRECOMPRESS_MIN_BYTES) continue;
    const body = readFileSync(file);
    const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
    writeFileSync(`${file}.br`, b);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++; raw += size; br += b.length;
  }
  return { count, raw, br };
}

/** The Astro integration: precompresses the client folder once the build has written it. */
export function precompressIntegration() {
  return {
    name: 'precompress-client-files',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // `dir` is the client folder in server output.
        const r = precompress(fileURLToPath(dir));
        logger.info(`${r.count} files precompressed: ${(r.raw / 1024).toFixed(0)} KB -> ${(r.br / 1024).toFixed(0)} KB brotli`);
      },
    },
  };
}
