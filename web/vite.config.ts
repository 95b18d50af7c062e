import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { clubIconPlugin } from '../scripts/club-icon';

const root = fileURLToPath(new URL('.', import.meta.url));

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed
 * once at the highest levels, so the server can send them to browsers that accept them without
 * compressing on every request (a phone on a slow line downloads a third of the bytes).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kyc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            if (name !== '.vite') visit(path);
            continue;
          }
          if (!COMPRESSIBLE.test(name)) continue;
          const content = readFileSync(path);
          if (content.length < MIN_COMPRESS_BYTES) continue;
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(content, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
          );
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      };
      visit(outDir);
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), clubIconPlugin(resolve(root, 'public/favicon.svg')), precompress()],
  // The web imports the core's rules and schemas as @core/... (tsconfig.json has the same path).
  resolve: { alias: { '@core': resolve(root, '../core') } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The server names each page's modules from the manifest (server/http/member-pages.ts), and
    // scripts/bundle-report.ts reads it to measure what a member downloads first.
    manifest: true,
    // Each page's module is a chunk of its own (no merging of small chunks), so the manifest names it
    // by its source and the server can name it and what it imports in the page's head, all asked for at once.
    target: 'es2022',
    rollupOptions: {
      output: {
        // A module that only the booking page and the payment step (loaded from it alone) share
        // would be folded into the booking page's chunk, and the payment step would import that
        // chunk: the manifest then names it as a shared chunk, not by the page's source, and the
        // server could no longer name it for preloading (test/e2e/route-modules.test.ts).
        manualChunks: (id) => (/\/(copy-link\.tsx|booking-without-email\.ts)$/.test(id) ? 'booking-link' : undefined),
      },
    },
  },
  server: {
    // `vite` on its own (rarely needed: `npm run dev` serves the UI through the API server).
    proxy: { '/api': 'http://127.0.0.1:3000', '/calendar.ics': 'http://127.0.0.1:3000' },
  },
});
