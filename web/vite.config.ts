import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // scripts/bundle-report.ts reads the manifest to measure what a member downloads first.
    manifest: true,
    target: 'es2022',
  },
  server: {
    // `vite` on its own (rarely needed: `npm run dev` serves the UI through the API server).
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
