// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { cspDigestMemo } from './scripts/vite-csp-digest-memo.mjs';
import { precompressIntegration } from './scripts/precompress.mjs';

export default defineConfig({
  output: 'server',
  // A separate build folder per working copy or helper (ASTRO_OUT_DIR); dist/ by default.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // Pages are rendered to one string, not streamed: storefront pages are sent in one piece anyway (src/middleware.ts
  // `whole`, the page cache), and streaming cost a tenth of a render's CPU in chunk bookkeeping (tests/bench/render.ts).
  // Middleware mode: the adapter's handler is the app alone; scripts/serve.mjs serves the client files itself.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    // Islands render to a string on the server (renderToString): none suspends, and React's stream cost more than
    // the markup of the header's two islands (tests/bench/render.ts).
    react({ experimentalDisableStreaming: true }),
    {
      // client:interaction (src/directives/interaction.ts): islands that hydrate on first use.
      name: 'client-interaction-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
        },
      },
    },
    // Brotli and gzip copies of the client's text files, sent as they are (scripts/precompress.mjs).
    precompressIntegration(),
  ],
  // Our own middleware refuses cross-origin writes for every content type (Astro's check covers forms only).
  security: {
    checkOrigin: false,
    // Content-Security-Policy on every page (a header in server output): scripts only from this site or with the
    // hash of what Astro emits (island bootstraps, bundled scripts), so an injected inline script or handler never
    // runs. Styles stay inline-able: theme tokens and a shop's colours are per-request <style> and style="".
    csp: {
      directives: ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'"],
      // The live chat (a shop setting) loads its widget from LiveChat's hosts when the shopper asks for it.
      scriptDirective: { resources: ["'self'", 'https://*.livechatinc.com'] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No Markdown pages: Shiki's inline styles would only draw a CSP warning.
  markdown: { syntaxHighlight: false },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  vite: {
    plugins: [cspDigestMemo()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'nodemailer'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
