import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { sdkFromSource } from './sdk-source.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    // Preact's React layer runs the app, Radix and sonner in a tenth of react-dom's bytes, so the
    // sign-in screen paints sooner on a phone (docs/decisions/060-preact-in-the-browser.md).
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      // The SDK from its sources: its built files exist only in what `npm pack` makes.
      ...sdkFromSource,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      // The API and its realtime socket live on the server; the dev server only serves the app.
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
});
