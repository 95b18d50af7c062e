import { fileURLToPath } from 'node:url';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app';
import { initialAdminPasswordText } from './initial-admin';
import { firstAdmin, listen, loadConfigOrExit } from './start';

/**
 * `npm run dev`: the API plus Vite in middleware mode on one port, so the UI hot-reloads and
 * calls the API on the same origin, exactly as in production.
 */
async function dev(): Promise<void> {
  const config = loadConfigOrExit();
  const vite = await createViteServer({
    configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
    server: { middlewareMode: true },
    appType: 'spa',
  });
  const built = await buildApp(config, { frontend: vite.middlewares, relaxContentSecurityPolicy: true });
  const initial = await firstAdmin(built, config);
  if (initial) {
    console.log(`First admin: ${initial.email} / ${initialAdminPasswordText(initial)} (shown once)`);
  }
  const server = listen(built, config, ' (development, hot reload)');
  const stop = () => {
    server.close();
    void Promise.allSettled([vite.close(), built.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

dev().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
