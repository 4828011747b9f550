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
