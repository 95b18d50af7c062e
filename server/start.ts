import type { Server } from 'node:http';
import type { BuiltApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createHttpServer } from './http/http-server';
import { ensureInitialAdmin } from './initial-admin';

/** The settings, or the list of what is wrong with them on stderr and the process ended with `exitCode`. */
export function loadConfigOrExit(exitCode = 1): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(exitCode);
    }
    throw error;
  }
}

/** The first admin, made on the first start of an empty database (null when admins exist). */
export function firstAdmin(built: BuiltApp, config: AppConfig): ReturnType<typeof ensureInitialAdmin> {
  return ensureInitialAdmin({ admins: built.ports.get('admins'), identity: built.ports.get('identity'), clock: built.ports.get('clock') }, config);
}

/** Serves the app on the configured address and says where (PORT=0: the port actually bound). */
export function listen(built: BuiltApp, config: AppConfig, note = ''): Server {
  const server = createHttpServer(built.app).listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Listening on http://localhost:${port}${note}`);
  });
  return server;
}
