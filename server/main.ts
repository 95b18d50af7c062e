import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureInitialAdmin, initialAdminPasswordText, writeInitialAdminPasswordFile } from './initial-admin';
import { createHttpServer } from './http/http-server';

/** `npm start`: the API and the built web app on one port, on the embedded SQLite database. */
async function main(): Promise<void> {
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
  const built = await buildApp(config);
  const initial = await ensureInitialAdmin(
    { admins: built.ports.get('admins'), identity: built.ports.get('identity'), clock: built.ports.get('clock') },
    config,
  );
  if (initial && config.nodeEnv === 'production' && initial.generated && initial.password !== null) {
    const file = writeInitialAdminPasswordFile(config.dataDir, { email: initial.email, password: initial.password });
    console.log('');
    console.log('Created the first admin account:');
    console.log(`  e-mail:   ${initial.email}`);
    console.log(`  password: in ${file} (readable by this user only; delete it once you have signed in)`);
    console.log('Sign in at /admin/login; manage admins with `npm run admin -- list`.');
    console.log('');
  } else if (initial) {
    console.log('');
    console.log('Created the first admin account (shown only this once):');
    console.log(`  e-mail:   ${initial.email}`);
    console.log(`  password: ${initialAdminPasswordText(initial)}`);
    console.log('Sign in at /admin/login; manage admins with `npm run admin -- list`.');
    console.log('');
  }
  const server = createHttpServer(built.app).listen(config.port, config.host, () => {
    // PORT=0 asks for any free port; print the one actually bound.
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Listening on http://localhost:${port}`);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.logger.info({ signal }, 'Shutting down');
    server.close(() => {
      void built.close().finally(() => process.exit(0));
    });
    // Keep-alive connections must not hold the process open forever.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
