/**
 * Bundles the server's own TypeScript into one ES module, dist/server.mjs, that plain `node`
 * runs: production then neither loads tsx nor transforms sources at start (about 100 MB less
 * memory). Packages stay external and load from node_modules as usual.
 */
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'server/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // dist/server.mjs sits one folder below the root, like server/*.ts: relative URLs keep working.
  sourcemap: true,
  logLevel: 'warning',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // The web app's routes and pages come along, for drawing members' pages (web/src/entry-server.tsx);
  // their style sheets are the browser's (the build's own), not the server's.
  loader: { '.css': 'empty' },
});
console.log('Server bundled into dist/server.mjs');
