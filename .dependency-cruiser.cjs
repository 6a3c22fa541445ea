// The architecture, as rules a tool checks (`npm run check:deps`, part of `npm run check`).
// Layers: pages/components/layouts/sections -> domain -> db -> lib. See docs/architecture-notes.md, "Layers and areas".
// Violations that predate these rules are listed in .dependency-cruiser-known-violations.json: the check fails on
// any new one, and the list only shrinks (regenerate it with `npm run check:deps:baseline` after removing debt,
// never to admit new debt).
/**
 * The two rules of a layer above the domain (flows, jobs): it calls each area only through the area's public
 * index.ts, and no domain, db or lib module imports it.
 */
const aboveTheDomain = (dir, what) => [
  {
    name: `${dir}-use-public-api`,
    comment: `${what} call each domain area only through its public index.ts.`,
    severity: 'error',
    from: { path: `^src/${dir}/` },
    to: { path: '^src/domain/[^/]+/', pathNot: '^src/domain/[^/]+/index\\.ts$' },
  },
  {
    name: `lower-layers-not-${dir}`,
    comment: `${what} sit above the domain: no domain, db or lib module imports src/${dir}.`,
    severity: 'error',
    from: { path: '^src/(domain|db|lib)/' },
    to: { path: `^src/${dir}/` },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-not-domain',
      comment: 'src/lib is the bottom layer: it never imports src/domain (nor db, pages or components).',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(domain|db|pages|components|layouts|sections)/' },
    },
    {
      name: 'db-not-domain',
      comment: 'src/db holds the schema, the client and the transaction helper: it never imports a domain area or a page.',
      severity: 'error',
      from: { path: '^src/db/', pathNot: '^src/db/seed/' },
      to: { path: '^src/(domain|pages|components|layouts|sections)/' },
    },
    {
      name: 'domain-not-ui',
      comment: 'Domain areas never import pages, components, layouts, sections or islands.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src/(pages|components|layouts|sections)|islands)/' },
    },
    {
      name: 'domain-area-public-api',
      comment: "A domain area uses another only through that area's public index.ts, never its repo or internals.",
      severity: 'error',
      from: { path: '^src/domain/([^/]+)/' },
      to: { path: '^src/domain/[^/]+/', pathNot: ['^src/domain/$1/', '^src/domain/[^/]+/index\\.ts$'] },
    },
    // Flows (use cases that span areas) and background jobs sit above the domain.
    ...aboveTheDomain('flows', 'Flows (src/flows: use cases that span areas)'),
    ...aboveTheDomain('jobs', 'Background jobs (src/jobs)'),
    {
      name: 'islands-no-server-code',
      comment: "Islands run in the shopper's browser: they never reach the database, server helpers or Node's built-ins.",
      severity: 'error',
      from: { path: '^islands/' },
      to: { path: '^src/(db|lib/server|pages)/|^src/domain/[^/]+/(repo|[a-z-]+-repo|service|[a-z-]+-service)\\.ts$', reachable: true },
    },
    {
      name: 'islands-no-node-builtins',
      severity: 'error',
      from: { path: '^islands/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make areas inseparable.',
      severity: 'error',
      from: { path: '^(src|islands)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
