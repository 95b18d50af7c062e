import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { PlacesDifference } from '../core/bookings/places-ledger';
import { CheckPlaces } from '../core/bookings/check-places';
import { ConfigError, loadConfig } from '../server/config';
import { createContainer, databaseFile } from '../server/container';
import { CONSOLE_OUTPUT, type CommandOutput } from './command-output';

/**
 * `npm run check-places [-- --repair]`: recounts every event's places from its bookings, in the
 * storage the server uses (STORAGE, DATA_DIR, FIRESTORE_*), and lists each event whose places
 * ledger says otherwise. With --repair it rebuilds those ledgers from the bookings. Exit code 1
 * when a difference was found and not repaired.
 */

export class CheckPlacesError extends Error {}

export const USAGE = 'Usage: npm run check-places [-- --repair]';

export async function checkPlaces(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ repair: boolean; differences: PlacesDifference[] }> {
  let repair: boolean;
  try {
    repair = parseArgs({ args, options: { repair: { type: 'boolean', default: false } }, strict: true }).values.repair === true;
  } catch (error) {
    throw new CheckPlacesError(`${(error as Error).message}\n${USAGE}`);
  }
  const config = loadConfig(env);
  if (!config.firestore && !existsSync(databaseFile(config))) {
    throw new CheckPlacesError(`No database at ${databaseFile(config)}: set DATA_DIR to the folder the server uses (now "${config.dataDir}").`);
  }
  const ports = await createContainer(config);
  try {
    return { repair, differences: await ports.useCase(CheckPlaces).execute({ repair }) };
  } finally {
    await ports.close();
  }
}

/** One line per differing event: what its ledger says and what its bookings say. */
export function formatDifferences(differences: PlacesDifference[]): string {
  if (differences.length === 0) return 'Every event’s places ledger agrees with its bookings.';
  const lines = differences.map(
    (d) =>
      `${d.eventId}: ledger ${d.ledger.confirmed} confirmed + ${d.ledger.held} held; ` + `bookings ${d.bookings.confirmed} confirmed + ${d.bookings.held} held`,
  );
  return [`${differences.length} event(s) whose places ledger differs from the bookings:`, ...lines].join('\n');
}

/**
 * The command itself: what it prints (`print.out`, `print.err`) and its exit code. main() runs it
 * for the command line; tests run it in their own process.
 */
export async function runCheckPlaces(args: string[], env: Record<string, string | undefined>, print: CommandOutput): Promise<number> {
  try {
    const { repair, differences } = await checkPlaces(args, env);
    print.out(formatDifferences(differences));
    if (differences.length === 0) return 0;
    if (repair) {
      print.out('Rebuilt those ledgers from the bookings.');
      return 0;
    }
    print.out('Run `npm run check-places -- --repair` to rebuild them from the bookings.');
    return 1;
  } catch (error) {
    print.err(error instanceof ConfigError || error instanceof CheckPlacesError ? error.message : `Checking places failed: ${(error as Error).message}`);
    return 1;
  }
}

async function main(): Promise<void> {
  process.exitCode = await runCheckPlaces(process.argv.slice(2), process.env, CONSOLE_OUTPUT);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
