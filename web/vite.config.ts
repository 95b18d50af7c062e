import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { clubIconPlugin, INSTALL_ICONS } from '../scripts/club-icon';
import {
  CACHE_NAMES,
  isKeptApiRead,
  isKeptDocument,
  isKeptPage,
  keepNothingAcrossForget,
  markStoredAnswer,
  skipDownloads,
  skipNoStore,
} from './src/lib/service-worker-routes';

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
            brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      };
      visit(outDir);
    },
  };
}

/** One of Workbox's runtime routes, as vite-plugin-pwa takes them. */
type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];

/**
 * A runtime route of the service worker: the network first, else what the device kept of the
 * address in `cacheName` (the newest `maxEntries` successful answers; `plugins` say which are kept).
 */
function keptNetworkFirst(
  urlPattern: RuntimeCaching['urlPattern'],
  cacheName: string,
  maxEntries: number,
  options: RuntimeCaching['options'] = {},
): RuntimeCaching {
  return { urlPattern, handler: 'NetworkFirst', options: { cacheName, expiration: { maxEntries }, cacheableResponse: { statuses: [200] }, ...options } };
}

/**
 * The service worker (docs/offline.md, ADR 48), written by Workbox: the app's code and styles are
 * kept at install, and each page a member or officer opens is kept per address with its data
 * (NetworkFirst: the network when it answers soon, else the device; a page never opened answers
 * offline.html), whether opened by its address or reached by a link (the app asks for it, keep-pages.ts).
 * API reads and opened documents are kept apart; the rest goes to the network. The first worker
 * takes the page that installed it at once; a new build waits until the member takes it
 * ("A new version is ready: Reload").
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      name: 'Members Area',
      short_name: 'Members',
      description: "Members' area of the sailing club: events, news, documents and bookings.",
      lang: 'en-GB',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0b3d5c',
      icons: INSTALL_ICONS.map(({ file, size, purpose }) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
    },
    workbox: {
      // The page template (index.html) is never kept: every page is kept drawn, as the server sent it.
      globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'offline.css', 'icons/*.png', 'favicon.svg'],
      globIgnores: ['**/*.br', '**/*.gz', '**/*.map'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // A new build waits for the member's Reload. The first worker (no other to replace) takes the
      // page that installed it at once, so the pages of that first visit are kept (docs/offline.md):
      // it precached the same build the page runs.
      skipWaiting: false,
      clientsClaim: true,
      maximumFileSizeToCacheInBytes: 3_000_000,
      // Push notifications: showing them and opening their page (web/public/push-sw.js, docs/notifications.md).
      importScripts: ['/push-sw.js'],
      runtimeCaching: [
        keptNetworkFirst(isKeptPage, CACHE_NAMES.pages, 60, {
          networkTimeoutSeconds: 4,
          precacheFallback: { fallbackURL: 'offline.html' },
          plugins: [skipNoStore, keepNothingAcrossForget, markStoredAnswer],
        }),
        keptNetworkFirst(isKeptDocument, CACHE_NAMES.documents, 40, { networkTimeoutSeconds: 6, plugins: [skipNoStore] }),
        // No time limit: a slow answer is still the newest (a payment's state); only a failed one comes from the device.
        keptNetworkFirst(isKeptApiRead, CACHE_NAMES.apiReads, 200, { plugins: [skipDownloads, keepNothingAcrossForget, markStoredAnswer] }),
      ],
    },
  });
}

export default defineConfig({
  // Names the build, so a page can tell which one runs it (test/features/offline/e2e/offline.test.ts builds two).
  define: { __APP_BUILD__: JSON.stringify(process.env.KYC_BUILD_ID ?? 'local') },
  root,
  plugins: [react(), clubIconPlugin(resolve(root, 'public/favicon.svg')), ...serviceWorker(), precompress()],
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
        // server could no longer name it for preloading (test/app/e2e/route-modules.test.ts).
        manualChunks: (id) => (/\/(copy-link\.tsx|booking-without-email\.ts)$/.test(id) ? 'booking-link' : undefined),
      },
    },
  },
  server: {
    // `vite` on its own (rarely needed: `npm run dev` serves the UI through the API server).
    proxy: { '/api': 'http://127.0.0.1:3000', '/calendar.ics': 'http://127.0.0.1:3000' },
  },
});
