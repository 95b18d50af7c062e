import { buildApp } from './app';
import { initialAdminPasswordText, writeInitialAdminPasswordFile } from './initial-admin';
import { firstAdmin, listen, loadConfigOrExit } from './start';

/** `npm start`: the API and the built web app on one port, on the embedded SQLite database. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const built = await buildApp(config);
  const initial = await firstAdmin(built, config);
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
  const server = listen(built, config);
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
