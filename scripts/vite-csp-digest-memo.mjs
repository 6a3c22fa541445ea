// Build plugin: Astro hashes every inline script and style of a page for its Content-Security-Policy header on each
// request (astro/dist/core/encryption.js `generateCspDigest`, WebCrypto, about 20 hashes of the same texts per
// storefront render: 4% of a render's CPU in tests/bench/render.ts). A page's inline texts are the same build after
// build, so their digests are kept: per algorithm, per text, at most MAX texts (then it starts over). The build fails
// if Astro's code no longer has the function, so an upgrade cannot drop this silently: remove the plugin then, or
// adapt the pattern.
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';
const MAX = 2000;

const MEMO = `const cspDigestsByAlgorithm = new Map();
function generateCspDigest(data, algorithm) {
  let digests = cspDigestsByAlgorithm.get(algorithm);
  if (!digests) cspDigestsByAlgorithm.set(algorithm, (digests = new Map()));
  let digest = digests.get(data);
  if (digest === undefined) {
    if (digests.size >= ${MAX}) digests.clear();
    digest = generateCspDigestOf(data, algorithm);
    digests.set(data, digest);
    digest.catch(() => digests.delete(data));
  }
  return digest;
}
async function generateCspDigestOf(data, algorithm) {`;

export function cspDigestMemo() {
  return {
    name: 'tiendas:csp-digest-memo',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0])) return null;
      if (!code.includes(ORIGINAL)) this.error(`csp-digest-memo: ${id} no longer declares "${ORIGINAL}" (Astro upgraded?)`);
      return { code: code.replace(ORIGINAL, MEMO), map: null };
    },
  };
}
