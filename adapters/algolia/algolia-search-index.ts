import { randomBytes } from 'node:crypto';
import { algoliasearch, type Algoliasearch, type IndexSettings, type SynonymHit } from 'algoliasearch';
import { UnavailableError } from '../../core/shared/errors';
import { SEARCH_SYNONYMS } from '../../core/search/search-synonyms';
import { MIN_LETTERS_FOR_ONE_TYPO, MIN_LETTERS_FOR_TWO_TYPOS } from '../../core/search/search-typos';
import {
  HIGHLIGHT_FIELDS,
  SEARCH_INDEXES,
  SearchRecordSchema,
  type Highlight,
  type SearchHit,
  type SearchIndexName,
  type SearchRecord,
} from '../../core/search/search-hit';
import type { SearchIndex } from '../../core/search/search-index.port';

/** The spec's client limits (section 9): connect 1 s, read 2 s, write 30 s. */
export const ALGOLIA_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;
/** Records per batch request (the spec's batch size). */
export const ALGOLIA_BATCH_SIZE = 1_000;
/** Algolia refuses longer queries; nobody types this much into the search box anyway. */
const MAX_QUERY_UNITS = 512;

/**
 * The settings every one of the four indexes gets before this adapter first writes to it. They
 * make Algolia find what the embedded SQLite search finds: every query word must match, the last
 * one as the beginning of a word, with core's typo limits (one typo from 5 letters, two from 9:
 * Algolia's own defaults are 4 and 8), and a hit in a name or title counts more than one in a
 * description, the tags or, last, the long description.
 */
export const ALGOLIA_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: ['name,title,subject', 'unordered(description)', 'tags', 'unordered(longdescription)'],
  attributesToHighlight: [...HIGHLIGHT_FIELDS],
  attributesToSnippet: [],
  queryType: 'prefixLast',
  typoTolerance: true,
  minWordSizefor1Typo: MIN_LETTERS_FOR_ONE_TYPO,
  minWordSizefor2Typos: MIN_LETTERS_FOR_TWO_TYPOS,
  removeWordsIfNoResults: 'none',
  advancedSyntax: false,
  ignorePlurals: false,
  removeStopWords: false,
};

/**
 * Core's synonym list (core/search/search-synonyms.ts) as Algolia synonyms: each group a
 * multi-way synonym, with an objectID made from its first entry. The adapter replaces the
 * indexes' synonyms with these, so Algolia and the embedded search use the same list.
 */
export const ALGOLIA_SYNONYMS: SynonymHit[] = SEARCH_SYNONYMS.map((group) => ({
  objectID: `kyc-${group[0].replace(/\s+/g, '-')}`,
  type: 'synonym',
  synonyms: [...group],
}));

export interface AlgoliaSearchIndexOptions {
  appId: string;
  /** Search-only key: used for every search. */
  searchKey: string;
  /** Admin (write) key: used only to change the indexes. It never leaves the server. */
  adminKey: string;
  /** Put before each index name: prefix `kyc_` gives kyc_events, kyc_documents, kyc_news, kyc_pages. */
  indexPrefix: string;
  /**
   * Base URLs (`http://127.0.0.1:8123`) that replace Algolia's own hosts, tried in this order.
   * For tests against a local server; production leaves it out.
   */
  hosts?: string[];
  /**
   * The client's timeouts in ms; production leaves them out and gets ALGOLIA_TIMEOUTS. Tests that
   * are not about timeouts give longer ones, so a busy machine is not taken for a host that is down.
   */
  timeouts?: { connect: number; read: number; write: number };
}

/** An Algolia call failed; `cause` keeps the client's error (its stack trace hides the API key). */
export class AlgoliaUnavailableError extends UnavailableError {
  constructor(message: string, cause: unknown) {
    super(message);
    this.cause = cause;
  }
}

export const SEARCH_UNAVAILABLE = 'Search is unavailable right now';
export const INDEX_UPDATE_FAILED = 'The search index could not be updated';

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>;
type HostsCache = NonNullable<ClientOptions['hostsCache']>;

/**
 * Where the client keeps which hosts failed. The client's own memory cache files a host's state
 * under a key that includes the state itself (status, lastUpdate) but looks it up by the bare
 * host, so it never finds it again and a down host is retried at every request (algoliasearch
 * 5.64). This cache keys by the host alone and keeps the state object as it is (its isUp() is a
 * function, which a serialising cache would drop). One cache serves both keys' clients: a host
 * that failed a search is skipped by writes too.
 */
export function createHostStateCache(): HostsCache {
  const states = new Map<string, unknown>();
  const keyOf = (host: unknown) => {
    const { protocol, url, port, accept } = (host ?? {}) as { protocol?: string; url?: string; port?: number; accept?: string };
    return JSON.stringify([protocol, url, port ?? null, accept]);
  };
  const cache = {
    async get<T>(key: unknown, defaultValue: () => Promise<T>): Promise<T> {
      const k = keyOf(key);
      return states.has(k) ? (states.get(k) as T) : defaultValue();
    },
    async set<T>(key: unknown, value: T): Promise<T> {
      states.set(keyOf(key), value);
      return value;
    },
    async delete(key: unknown): Promise<void> {
      states.delete(keyOf(key));
    },
    async clear(): Promise<void> {
      states.clear();
    },
  };
  return cache as HostsCache;
}

type AlgoliaHost = { url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite' };

function toHost(base: string): AlgoliaHost {
  const url = new URL(base);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`An Algolia host must be an http(s) base URL without a path (got "${base}")`);
  }
  return { url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'readWrite' };
}

/**
 * What is sent as the query: control characters and unpaired surrogates become spaces, and the
 * text is cut to Algolia's limit. Null when no letter or digit is left: Algolia answers an empty
 * query with every record, which is not what a member typing "!!!" should see.
 */
export function toAlgoliaQuery(text: string): string | null {
  const cleaned = text
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, ' ');
  if (!/[\p{L}\p{N}]/u.test(cleaned)) return null;
  let cut = '';
  for (const ch of cleaned) {
    if (cut.length + ch.length > MAX_QUERY_UNITS) break;
    cut += ch;
  }
  return cut;
}

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/** Algolia's 404 for a query naming an index that does not exist. */
function isMissingIndex(error: unknown): boolean {
  return (error as { status?: unknown })?.status === 404 && /does not exist/i.test(String((error as Error)?.message));
}

/**
 * Turns a highlighted value (`pre`/`post` tags around matches) into segments. Nothing in the
 * value is read as HTML: the tags are found as plain strings, and the result is kept only if its
 * text, joined, is exactly the stored text. A match is widened to the whole word, as the embedded
 * search marks it (Algolia marks only the typed part of a prefix match).
 */
export function highlightSegments(value: string, original: string, pre: string, post: string): Highlight | null {
  const units: boolean[] = [];
  let text = '';
  let match = false;
  let at = 0;
  while (at < value.length) {
    const tag = match ? post : pre;
    const next = value.indexOf(tag, at);
    const end = next < 0 ? value.length : next;
    text += value.slice(at, end);
    for (let i = at; i < end; i += 1) units.push(match);
    if (next < 0) break;
    at = next + tag.length;
    match = !match;
  }
  if (text !== original) return null;

  const points: { text: string; word: boolean; match: boolean }[] = [];
  for (let i = 0; i < original.length;) {
    const ch = String.fromCodePoint(original.codePointAt(i)!);
    points.push({ text: ch, word: WORD_CHAR.test(ch), match: units[i] });
    i += ch.length;
  }
  for (let start = 0; start < points.length;) {
    if (!points[start].word) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < points.length && points[end].word) end += 1;
    if (points.slice(start, end).some((p) => p.match)) for (let i = start; i < end; i += 1) points[i].match = true;
    start = end;
  }
  const segments: Highlight = [];
  for (const point of points) {
    const last = segments[segments.length - 1];
    if (last && last.match === point.match) last.text += point.text;
    else segments.push({ text: point.text, match: point.match });
  }
  return segments;
}

/**
 * The search on Algolia: four indexes (events, documents, news, pages) under a configurable
 * prefix, searched in one multi-query request with the search-only key; changes are written with
 * the admin key and waited for, so a search right after a change sees it.
 */
export class AlgoliaSearchIndex implements SearchIndex {
  readonly providerName = 'Algolia';
  private readonly searchClient: Algoliasearch;
  private readonly adminClient: Algoliasearch;
  private settingsReady: Promise<void> | null = null;

  constructor(private readonly options: AlgoliaSearchIndexOptions) {
    if (!/^[A-Za-z0-9_.-]*$/.test(options.indexPrefix)) {
      throw new Error(`The Algolia index prefix may hold only letters, digits, "_", "-" and "." (got "${options.indexPrefix}")`);
    }
    // The client's retry strategy: a host that is down (no connection, or a 5xx answer) is skipped
    // for two minutes; one that timed out is tried last, with longer timeouts, for two minutes.
    const clientOptions: ClientOptions = {
      timeouts: { ...(options.timeouts ?? ALGOLIA_TIMEOUTS) },
      hostsCache: createHostStateCache(),
      ...(options.hosts && options.hosts.length > 0 ? { hosts: options.hosts.map(toHost) } : {}),
    };
    this.searchClient = algoliasearch(options.appId, options.searchKey, clientOptions);
    this.adminClient = algoliasearch(options.appId, options.adminKey, clientOptions);
  }

  /** The Algolia index name of one of the four indexes. */
  indexName(index: SearchIndexName): string {
    return `${this.options.indexPrefix}${index}`;
  }

  async search(query: string, options: { hitsPerIndex: number }): Promise<SearchHit[]> {
    const hitsPerPage = Math.min(1000, Math.max(0, Math.floor(options.hitsPerIndex)));
    const text = toAlgoliaQuery(query);
    if (text === null || hitsPerPage === 0) return [];
    // Tags nobody can have typed into a record: a fresh random pair for every search.
    const nonce = randomBytes(8).toString('hex');
    const pre = `<kyc-hl-${nonce}>`;
    const post = `</kyc-hl-${nonce}>`;
    const request = {
      requests: SEARCH_INDEXES.map((index) => ({
        indexName: this.indexName(index),
        query: text,
        hitsPerPage,
        page: 0,
        highlightPreTag: pre,
        highlightPostTag: post,
        attributesToHighlight: [...HIGHLIGHT_FIELDS],
        attributesToSnippet: [],
        queryType: 'prefixLast' as const,
        typoTolerance: true,
        minWordSizefor1Typo: MIN_LETTERS_FOR_ONE_TYPO,
        minWordSizefor2Typos: MIN_LETTERS_FOR_TWO_TYPOS,
        removeWordsIfNoResults: 'none' as const,
        advancedSyntax: false,
      })),
    };
    let results: unknown[];
    try {
      try {
        results = (await this.searchClient.search(request)).results;
      } catch (error) {
        if (!isMissingIndex(error)) throw error;
        // One missing index fails the whole multi-query. Nothing was written to it yet (a new
        // application) or it was deleted by hand: an absent index is an empty one, so create the
        // four and ask again.
        this.settingsReady = null;
        await this.applySettings();
        results = (await this.searchClient.search(request)).results;
      }
    } catch (error) {
      throw new AlgoliaUnavailableError(SEARCH_UNAVAILABLE, error);
    }
    if (!Array.isArray(results) || results.length !== SEARCH_INDEXES.length) {
      throw new AlgoliaUnavailableError(SEARCH_UNAVAILABLE, new Error('Algolia answered without one result per index'));
    }
    const hits: SearchHit[] = [];
    SEARCH_INDEXES.forEach((index, i) => {
      const rawHits = (results[i] as { hits?: unknown })?.hits;
      if (!Array.isArray(rawHits)) return;
      for (const raw of rawHits.slice(0, hitsPerPage)) {
        const hit = this.toHit(raw, index, pre, post);
        if (hit) hits.push(hit);
      }
    });
    return hits;
  }

  /** A hit whose record does not read as a search record (edited by hand in the dashboard) is left out. */
  private toHit(raw: unknown, index: SearchIndexName, pre: string, post: string): SearchHit | null {
    const parsed = SearchRecordSchema.safeParse(raw);
    if (!parsed.success) return null;
    const record = parsed.data;
    const highlighted = ((raw as { _highlightResult?: unknown })._highlightResult ?? {}) as Record<string, { value?: unknown } | undefined>;
    const highlights: SearchHit['highlights'] = {};
    for (const field of HIGHLIGHT_FIELDS) {
      const text = record[field];
      if (text === undefined || text === '') continue;
      const value = highlighted[field]?.value;
      highlights[field] = (typeof value === 'string' ? highlightSegments(value, text, pre, post) : null) ?? [{ text, match: false }];
    }
    return { ...record, index, highlights };
  }

  async upsert(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    if (valid.length === 0) return;
    await this.write(async () => {
      await this.adminClient.saveObjects({ indexName: this.indexName(index), objects: valid, batchSize: ALGOLIA_BATCH_SIZE, waitForTasks: true });
    });
  }

  async remove(index: SearchIndexName, objectIDs: string[]): Promise<void> {
    if (objectIDs.length === 0) return;
    await this.write(async () => {
      await this.adminClient.deleteObjects({ indexName: this.indexName(index), objectIDs, batchSize: ALGOLIA_BATCH_SIZE, waitForTasks: true });
    });
  }

  async replaceAll(index: SearchIndexName, records: SearchRecord[]): Promise<void> {
    const valid = records.map((r) => SearchRecordSchema.parse(r));
    await this.write(async () => {
      // Fills a temporary copy (settings included) and then moves it over the index, so that
      // searches see the old content until the new one is complete.
      await this.adminClient.replaceAllObjects({ indexName: this.indexName(index), objects: valid, batchSize: ALGOLIA_BATCH_SIZE });
    });
  }

  /**
   * Puts ALGOLIA_INDEX_SETTINGS and ALGOLIA_SYNONYMS on the four indexes (creating them, so that a
   * search never meets a missing index once anything was written). Done once per process, before
   * the first write.
   */
  applySettings(): Promise<void> {
    this.settingsReady ??= (async () => {
      const tasks = await Promise.all(
        SEARCH_INDEXES.flatMap((index) => [
          this.adminClient.setSettings({ indexName: this.indexName(index), indexSettings: ALGOLIA_INDEX_SETTINGS }).then((task) => ({ index, task })),
          this.adminClient
            .saveSynonyms({ indexName: this.indexName(index), synonymHit: ALGOLIA_SYNONYMS, replaceExistingSynonyms: true })
            .then((task) => ({ index, task })),
        ]),
      );
      await Promise.all(tasks.map(({ index, task }) => this.adminClient.waitForTask({ indexName: this.indexName(index), taskID: task.taskID })));
    })().catch((error: unknown) => {
      this.settingsReady = null;
      throw error;
    });
    return this.settingsReady;
  }

  private async write(change: () => Promise<void>): Promise<void> {
    try {
      await this.applySettings();
      await change();
    } catch (error) {
      throw new AlgoliaUnavailableError(INDEX_UPDATE_FAILED, error);
    }
  }
}
