import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { clubLogoMarkup } from './src/components/layout/club-logo-shapes';
import { pagePreloadsPlugin } from '../scripts/page-preloads';
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

/** Draws the club's mark into index.html's first-paint header from the shapes the app draws. */
function clubLogo(): Plugin {
  return {
    name: 'kyc-club-logo',
    transformIndexHtml: (html) => html.replace(/<!-- club-logo:[^>]*-->/, clubLogoMarkup(44)),
  };
}

export default defineConfig({
  root,
  plugins: [react(), clubLogo(), clubIconPlugin(resolve(root, 'public/favicon.svg')), pagePreloadsPlugin(), precompress()],
  // The web imports the core's rules and schemas as @core/... (tsconfig.json has the same path).
  resolve: { alias: { '@core': resolve(root, '../core') } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // scripts/bundle-report.ts reads the manifest to measure what a member downloads first.
    manifest: true,
    target: 'es2022',
    // Chunks under 10 kB are merged into others where that runs no code sooner: a page's first
    // load comes in a few files rather than twenty (a phone pays a round trip per few files).
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
  server: {
    // `vite` on its own (rarely needed: `npm run dev` serves the UI through the API server).
    proxy: { '/api': 'http://127.0.0.1:3000', '/calendar.ics': 'http://127.0.0.1:3000' },
  },
});
