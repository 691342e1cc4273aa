import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The console is a static bundle the gateway serves at `/`; no plugin is needed: Vite's own
// transform compiles TSX with React's automatic runtime. Admin pages are lazy routes, so a user's
// first load carries only the user pages (budget: < 500 KB of gzipped JS, checked by the build).
export default defineConfig({
  root: here,
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Libraries' "use client" directives mean nothing in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  server: { proxy: { '/graphql': 'http://127.0.0.1:3000', '/export': 'http://127.0.0.1:3000' } },
});
