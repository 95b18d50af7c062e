import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../server/config';
import { createContainer, databaseFile } from '../server/container';
import { RebuildSearchIndex } from '../core/operations/rebuild-search-index';

/**
 * `npm run reindex`: rebuilds the search index in use (SEARCH=sqlite or SEARCH=algolia) from the
 * stored events and documents, the news of the campaign source in use (MailerLite when
 * CAMPAIGNS=mailerlite) and the static pages, through the core's RebuildSearchIndex. Run it after setting up Algolia,
 * after changing ALGOLIA_INDEX_PREFIX, or whenever the index and the data may have drifted apart
 * (the data is what counts; the index can always be rebuilt from it).
 */

export class ReindexError extends Error {}

export interface ReindexResult {
  provider: string;
  events: number;
  documents: number;
  /** Null when the news source could not be read: the news index was then left as it was. */
  news: number | null;
  pages: number;
}

/** Rebuilds the configured search index; throws ConfigError or ReindexError with a clear message. */
export async function reindex(env: Record<string, string | undefined> = process.env): Promise<ReindexResult> {
  const config = loadConfig(env);
  const file = databaseFile(config);
  // An empty database would "rebuild" the index into nothing: refuse rather than wipe it.
  if (!existsSync(file)) {
    throw new ReindexError(`No database at ${file}: set DATA_DIR to the folder the server uses (now "${config.dataDir}").`);
  }
  const ports = await createContainer(config);
  try {
    const counts = await ports.useCase(RebuildSearchIndex).execute();
    return { provider: ports.get('search').providerName, ...counts };
  } finally {
    await ports.close();
  }
}

async function main(): Promise<void> {
  try {
    const result = await reindex();
    console.log(
      `Rebuilt the search index (${result.provider}): ${result.events} events and work days, ${result.documents} documents, ` +
        `${result.news === null ? 'news left as it was (the news source could not be read)' : `${result.news} news e-mails`}, ${result.pages} pages.`,
    );
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ReindexError) {
      console.error(error.message);
    } else {
      console.error('Reindexing failed:', error instanceof Error ? error.message : error);
      const cause = (error as { cause?: unknown })?.cause;
      if (cause instanceof Error) console.error(`  ${cause.message}`);
    }
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
