import { fileURLToPath } from 'node:url';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureInitialAdmin, initialAdminPasswordText } from './initial-admin';
import { createHttpServer } from './http/http-server';

/**
 * `npm run dev`: the API plus Vite in middleware mode on one port, so the UI hot-reloads and
 * calls the API on the same origin, exactly as in production.
 */
async function dev(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const vite = await createViteServer({
    configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
    server: { middlewareMode: true },
    appType: 'spa',
  });
  const built = await buildApp(config, { frontend: vite.middlewares, relaxContentSecurityPolicy: true });
  const initial = await ensureInitialAdmin(
    { admins: built.ports.get('admins'), identity: built.ports.get('identity'), clock: built.ports.get('clock') },
    config,
  );
  if (initial) {
    console.log(`First admin: ${initial.email} / ${initialAdminPasswordText(initial)} (shown once)`);
  }
  const server = createHttpServer(built.app).listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Listening on http://localhost:${port} (development, hot reload)`);
  });
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
