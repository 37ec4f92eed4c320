import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built app and its own routes on one origin; in development Vite forwards
// those routes so cookies and relative URLs behave as in production.
const apiTarget = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // Explicit so that `vite build` run from the repository root still writes apps/web/dist.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // `vite build --ssr src/entry-server.tsx` (npm run build): the public pages' server renderer, one
  // self-contained bundle (dist-ssr/) the API imports; nothing in it is served to browsers.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // bench/sections/public-size.ts reads it to tell staff chunks from public ones.
        manifest: true,
        rolldownOptions: {
          // The staff app (index.html) and the public pages' own entry (decision 0026).
          input: { index: 'index.html', public: 'src/public-main.tsx' },
          output: {
            // The shared chunks are named after every entry that uses them: a hash is enough.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith('app~') ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js',
            codeSplitting: {
              // Everything the entry imports statically stays in one chunk. Left to the automatic
              // splitting, modules the entry shares with lazy routes (the API client, TanStack Query)
              // were cut into extra common chunks as routes were added, and the landing paid for each
              // cut (budget in bench/sections/public-size.ts).
              // Per set of entries that use them: the public entry never loads the staff app's router.
              groups: [{ name: 'app', tags: ['$initial'], entriesAware: true }],
            },
          },
        },
      },
  server: {
    port: 5173,
    // A silently different port would break the links and origins the API expects.
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/files': { target: apiTarget },
    },
  },
}));
