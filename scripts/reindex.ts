import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { AlgoliaSearchIndex } from '../adapters/algolia/algolia-search-index';
import type { SearchIndex } from '../core/ports/search-index';
import { BUILT_ADAPTERS, ConfigError, loadConfig } from '../server/config';
import { createContainer, databaseFile } from '../server/container';
import { pageSearchRecords } from '../server/seed/demo-data';
import { reindexAll } from '../server/seed/seed-demo-data';

/**
 * `npm run reindex`: rebuilds the search index in use (SEARCH=sqlite or SEARCH=algolia) from the
 * stored events, documents and campaigns and the static pages. Run it after setting up Algolia,
 * after changing ALGOLIA_INDEX_PREFIX, or whenever the index and the data may have drifted apart
 * (the data is what counts; the index can always be rebuilt from it).
 */

export class ReindexError extends Error {}

/**
 * The Algolia settings, read here only while server/config.ts does not accept SEARCH=algolia yet
 * (BUILT_ADAPTERS.SEARCH). Once it does, the container builds the adapter from its own config.
 */
const AlgoliaEnvSchema = z.object({
  ALGOLIA_APP_ID: z.string({ error: 'is required when SEARCH=algolia' }).trim().min(1, 'is required when SEARCH=algolia'),
  ALGOLIA_SEARCH_KEY: z.string({ error: 'is required when SEARCH=algolia' }).trim().min(1, 'is required when SEARCH=algolia'),
  ALGOLIA_ADMIN_KEY: z.string({ error: 'is required when SEARCH=algolia' }).trim().min(1, 'is required when SEARCH=algolia'),
  ALGOLIA_INDEX_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]*$/, 'may hold only letters, digits, "_", "-" and "."')
    .optional()
    .default('kyc_'),
  ALGOLIA_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const hosts = (value ?? '').split(',').map((h) => h.trim()).filter(Boolean);
      for (const host of hosts) {
        let ok = false;
        try {
          const url = new URL(host);
          ok = (url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '');
        } catch {
          ok = false;
        }
        if (!ok) ctx.addIssue({ code: 'custom', message: `must be http(s) base URLs separated by commas (got "${host}")` });
      }
      return hosts;
    }),
});

function algoliaFromEnv(env: Record<string, string | undefined>): AlgoliaSearchIndex {
  const input = Object.fromEntries(Object.keys(AlgoliaEnvSchema.shape).map((k) => [k, env[k]?.trim() === '' ? undefined : env[k]]));
  const parsed = AlgoliaEnvSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return new AlgoliaSearchIndex({
    appId: e.ALGOLIA_APP_ID,
    searchKey: e.ALGOLIA_SEARCH_KEY,
    adminKey: e.ALGOLIA_ADMIN_KEY,
    indexPrefix: e.ALGOLIA_INDEX_PREFIX,
    hosts: e.ALGOLIA_HOSTS,
  });
}

export interface ReindexResult {
  provider: string;
  events: number;
  documents: number;
  news: number;
  pages: number;
}

/** Rebuilds the configured search index; throws ConfigError or ReindexError with a clear message. */
export async function reindex(env: Record<string, string | undefined> = process.env): Promise<ReindexResult> {
  const wantsAlgolia = env.SEARCH?.trim().toLowerCase() === 'algolia';
  const containerBuildsAlgolia = (BUILT_ADAPTERS.SEARCH as readonly string[]).includes('algolia');
  const overrides: { search?: SearchIndex } = {};
  let configEnv = env;
  if (wantsAlgolia && !containerBuildsAlgolia) {
    overrides.search = algoliaFromEnv(env);
    configEnv = { ...env, SEARCH: undefined };
  }
  const config = loadConfig(configEnv);
  const file = databaseFile(config);
  // An empty database would "rebuild" the index into nothing: refuse rather than wipe it.
  if (!existsSync(file)) {
    throw new ReindexError(`No database at ${file}: set DATA_DIR to the folder the server uses (now "${config.dataDir}").`);
  }
  const ports = await createContainer(config, overrides);
  try {
    const deps = {
      events: ports.get('events'),
      documents: ports.get('documents'),
      campaigns: ports.get('campaigns'),
      search: ports.get('search'),
    };
    await reindexAll(deps);
    const [events, documents, campaigns] = await Promise.all([
      deps.events.list({ order: 'asc' }),
      deps.documents.list(),
      deps.campaigns.listRecent(),
    ]);
    return {
      provider: deps.search.providerName,
      events: events.length,
      documents: documents.length,
      news: campaigns.length,
      pages: pageSearchRecords().length,
    };
  } finally {
    await ports.close();
  }
}

async function main(): Promise<void> {
  try {
    const result = await reindex();
    console.log(
      `Rebuilt the search index (${result.provider}): ${result.events} events, ${result.documents} documents, ` +
        `${result.news} news e-mails, ${result.pages} pages.`,
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
