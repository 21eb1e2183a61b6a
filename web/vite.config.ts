import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  // Workspace packages are read from their TypeScript sources (the `source` export condition);
  // their built files exist only in what `npm pack` makes.
  resolve: { conditions: ['source', ...defaultClientConditions] },
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
