/**
 * Prepares the benchmark's DATA_DIR before the server starts: the demo club (as a first start
 * seeds it) plus BENCH_SEARCH_RECORDS generated search records. Run by bench/run.ts in its own
 * process (`node --import tsx bench/prepare-data.ts`), which exits when done, so the server
 * measured afterwards is a production start on an existing database, like every start after
 * the first. Prints one JSON line: { searchRecords, ms }.
 */
import { SEARCH_INDEXES } from '../core/search/search-hit';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { benchSearchRecords } from './search-corpus';

async function main(): Promise<void> {
  const started = Date.now();
  // The same environment the server is started with (bench/run.ts passes it to both).
  const config = loadConfig(process.env);
  const built = await buildApp(config);
  try {
    const count = Number(process.env.BENCH_SEARCH_RECORDS ?? '10000');
    const search = built.ports.get('search');
    const generated = benchSearchRecords(count);
    for (const index of SEARCH_INDEXES) {
      const records = generated.filter((g) => g.index === index).map((g) => g.record);
      for (let i = 0; i < records.length; i += 1000) await search.upsert(index, records.slice(i, i + 1000));
    }
    console.log(JSON.stringify({ searchRecords: generated.length, ms: Date.now() - started }));
  } finally {
    await built.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
