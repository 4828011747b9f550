import { defineConfig } from 'vite';

// Vite 8 (Rolldown + Oxc) compiles TSX itself; React's automatic JSX runtime is set explicitly.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    // No source maps in the production build: they would publish the whole source (the server also answers
    // 404 for any .map). `npm run build` then writes .br/.gz copies of each asset (scripts/compress.mjs).
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The libraries in one chunk: left to itself Rolldown cut what the entry and the lazy pages share into
        // several small chunks, each a request and each compressed alone (issue 32: the entry, its static
        // imports included, stays ≤ 130 KB gzip; scripts/compress.mjs fails the build past it). A chunk that
        // changes only when a dependency does also stays cached across deploys.
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] },
      },
      onwarn(warning, warn) {
        // Libraries mark their modules "use client" for React Server Components; meaningless in this SPA.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/checkout': 'http://localhost:3000',
      '/billing': 'http://localhost:3000',
      '/users': 'http://localhost:3000',
    },
  },
});
