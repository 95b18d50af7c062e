import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Algolia's search REST API (v1), answering as the documented API does for
 * what AlgoliaSearchIndex uses: multi-index queries, batch writes, tasks, index settings, synonyms
 * (saved, copied and moved; not used in matching), copy and move operations and index deletion,
 * with API keys checked and Algolia's error JSON (`{ "message", "status" }`). It listens on
 * 127.0.0.1 only.
 *
 * Matching follows Algolia's defaults as far as the adapter relies on them: the query and the
 * text are split into words on every non-alphanumeric character, compared without case or
 * accents; every query word must match a word (`removeWordsIfNoResults: none`); with
 * `queryType: prefixLast` the last query word may be the beginning of a word; an empty query
 * returns every record. Ranking applies the attribute criterion of `searchableAttributes` (with
 * `unordered()` and comma-separated equal priorities) and then the exact criterion; typo
 * tolerance and proximity are not modelled. `_highlightResult` is built the Algolia way: the
 * value with the highlight tags around the matched part of each word (only the typed part of a
 * prefix match), `matchLevel`, `matchedWords` and `fullyHighlighted`; the value is not
 * HTML-escaped.
 *
 * Writes are asynchronous as on Algolia: each returns a taskID and only takes effect when the task
 * is published, which happens when someone asks for the task (GET .../task/{id}), or by itself
 * after `publishAfterMs`. A client that searches without waiting for its write does not see it.
 */

/**
 * Client timeouts for the tests that are not about timeouts: a loaded machine may answer later than
 * the production read timeout, which is no failure of the adapter.
 */
export const UNHURRIED_ALGOLIA_TIMEOUTS = { connect: 60_000, read: 120_000, write: 120_000 };

export interface FakeAlgoliaOptions {
  appId?: string;
  adminKey?: string;
  searchKey?: string;
  /** Pending tasks publish by themselves after this long (default 1,000 ms). */
  publishAfterMs?: number;
  /** How many looks at a pending task answer `notPublished` before it is published (default 0). */
  pollsBeforePublish?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** Which key the request carried. */
  key: 'admin' | 'search' | 'invalid';
}

type JsonRecord = Record<string, unknown> & { objectID: string };

interface IndexSettings {
  searchableAttributes?: string[] | null;
  attributesToHighlight?: string[] | null;
  hitsPerPage?: number | null;
  highlightPreTag?: string | null;
  highlightPostTag?: string | null;
  [key: string]: unknown;
}

/** A synonym as Algolia stores it (`type` synonym, onewaysynonym, altcorrection1, ...). */
export interface FakeSynonym {
  objectID: string;
  type: string;
  synonyms?: string[];
  [key: string]: unknown;
}

interface FakeIndex {
  records: Map<string, JsonRecord>;
  settings: IndexSettings;
  synonyms: Map<string, FakeSynonym>;
}

interface Task {
  id: number;
  published: boolean;
  polls: number;
  apply: () => void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MAX_QUERY_LENGTH = 512;

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Word {
  start: number;
  end: number;
  norm: string;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, norm: normalize(m[0]) }));
}

/** Where, in the original word, the first `length` normalised characters end. */
function prefixEnd(text: string, word: Word, length: number): number {
  let consumed = 0;
  let i = word.start;
  while (i < word.end && consumed < length) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    consumed += normalize(ch).length;
    i += ch.length;
  }
  // Combining marks that follow belong to the last highlighted letter.
  while (i < word.end && /\p{M}/u.test(text[i])) i += 1;
  return i;
}

interface QueryWord {
  norm: string;
  prefix: boolean;
}

function matchOf(word: Word, q: QueryWord): 'exact' | 'prefix' | null {
  if (word.norm === q.norm) return 'exact';
  if (q.prefix && word.norm.startsWith(q.norm)) return 'prefix';
  return null;
}

interface SearchableAttribute {
  name: string;
  priority: number;
  unordered: boolean;
}

function searchableAttributes(settings: IndexSettings, record: JsonRecord): SearchableAttribute[] {
  const list = settings.searchableAttributes;
  if (!list || list.length === 0) {
    // Without the setting every attribute is searched and the attribute criterion is off.
    return Object.keys(record)
      .filter((k) => k !== 'objectID' && !k.startsWith('_'))
      .map((name) => ({ name, priority: 0, unordered: true }));
  }
  return list.flatMap((entry, priority) => {
    const names = entry
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return names.map((raw) => {
      const unorderedMatch = /^unordered\((.+)\)$/.exec(raw);
      const name = unorderedMatch ? unorderedMatch[1] : raw;
      return { name, priority, unordered: Boolean(unorderedMatch) || names.length > 1 };
    });
  });
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

function highlight(text: string, query: QueryWord[], pre: string, post: string): HighlightResult {
  const matched = new Set<string>();
  let value = '';
  let at = 0;
  let allHighlighted = true;
  for (const word of wordsOf(text)) {
    let end = -1;
    for (const q of query) {
      const kind = matchOf(word, q);
      if (!kind) continue;
      matched.add(q.norm);
      end = Math.max(end, kind === 'exact' ? word.end : prefixEnd(text, word, q.norm.length));
    }
    if (end < 0) {
      allHighlighted = false;
      continue;
    }
    if (end < word.end) allHighlighted = false;
    value += text.slice(at, word.start) + pre + text.slice(word.start, end) + post;
    at = end;
  }
  value += text.slice(at);
  const matchedWords = query.map((q) => q.norm).filter((w, i, all) => matched.has(w) && all.indexOf(w) === i);
  const result: HighlightResult = {
    value,
    matchLevel: matchedWords.length === 0 ? 'none' : matchedWords.length === new Set(query.map((q) => q.norm)).size ? 'full' : 'partial',
    matchedWords,
  };
  if (result.matchLevel !== 'none') result.fullyHighlighted = allHighlighted && wordsOf(text).length > 0;
  return result;
}

/** Reads a search parameter given inline or inside the legacy `params` query string. */
function searchParams(request: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (typeof request.params === 'string') {
    for (const [key, raw] of new URLSearchParams(request.params)) {
      let value: unknown = raw;
      try {
        value = JSON.parse(raw);
      } catch {
        // plain text, like the query
      }
      if (key === 'query') value = raw;
      params[key] = value;
    }
  }
  for (const [key, value] of Object.entries(request)) if (key !== 'params') params[key] = value;
  return params;
}

function listParam(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return undefined;
}

export class FakeAlgoliaServer {
  readonly appId: string;
  readonly adminKey: string;
  readonly searchKey: string;
  readonly requests: RecordedRequest[] = [];
  private readonly indexes = new Map<string, FakeIndex>();
  private readonly tasks: Task[] = [];
  private nextTaskId = 1;
  private failure: { status: number; message: string } | null = null;
  private delays: { headersMs: number; bodyMs: number; only?: RegExp } = { headersMs: 0, bodyMs: 0 };
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly publishAfterMs: number;
  private readonly pollsBeforePublish: number;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    options: FakeAlgoliaOptions,
  ) {
    this.appId = options.appId ?? 'KYCTESTAPP';
    this.adminKey = options.adminKey ?? 'admin-key-for-tests';
    this.searchKey = options.searchKey ?? 'search-key-for-tests';
    this.publishAfterMs = options.publishAfterMs ?? 1000;
    this.pollsBeforePublish = options.pollsBeforePublish ?? 0;
  }

  static async start(options: FakeAlgoliaOptions = {}): Promise<FakeAlgoliaServer> {
    // The handler needs the fake, and the fake needs the listening server: filled in below.
    const holder: { fake?: FakeAlgoliaServer } = {};
    const server = createServer((req, res) => {
      void holder.fake!.handle(req, res);
    });
    // Node closes idle keep-alive connections after 5 s, and a client that reuses one just then
    // gets ECONNRESET; Algolia's hosts keep them far longer than a test's pauses.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.fake = new FakeAlgoliaServer(server, `http://127.0.0.1:${port}`, options);
    return holder.fake;
  }

  /** Answers every request with this HTTP status and Algolia's error JSON; null answers normally again. */
  failWith(status: number | null, message = 'Service Unavailable'): void {
    this.failure = status === null ? null : { status, message };
  }

  /**
   * Slows every answer down: `headersMs` before the status line (the client's connect timeout
   * runs until then), `bodyMs` between the headers and the body (its read or write timeout);
   * `only` limits it to requests whose `METHOD /path` matches.
   */
  slowDown(delays: { headersMs?: number; bodyMs?: number; only?: RegExp }): void {
    this.delays = { headersMs: delays.headersMs ?? 0, bodyMs: delays.bodyMs ?? 0, only: delays.only };
  }

  /** The records an index holds now (published tasks only), in insertion order. */
  records(indexName: string): JsonRecord[] {
    return [...(this.indexes.get(indexName)?.records.values() ?? [])];
  }

  settings(indexName: string): IndexSettings | undefined {
    return this.indexes.get(indexName)?.settings;
  }

  /** The synonyms an index holds now (published tasks only), in the order they were saved. */
  synonyms(indexName: string): FakeSynonym[] {
    return [...(this.indexes.get(indexName)?.synonyms.values() ?? [])];
  }

  indexNames(): string[] {
    return [...this.indexes.keys()].sort();
  }

  /** Requests to one path pattern, e.g. `POST /1/indexes/kyc_events/batch`. */
  requestsTo(method: string, pathPattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pathPattern.test(r.path));
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = Buffer.concat(chunks).toString('utf8');
    let status = 200;
    let answer: unknown;
    let body: unknown;
    const apiKey = req.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key');
    const appId = req.headers['x-algolia-application-id'] ?? url.searchParams.get('x-algolia-application-id');
    const key = appId !== this.appId ? 'invalid' : apiKey === this.adminKey ? 'admin' : apiKey === this.searchKey ? 'search' : 'invalid';
    try {
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          throw new HttpError(400, 'Invalid JSON');
        }
      }
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, key });
      if (this.failure) throw new HttpError(this.failure.status, this.failure.message);
      if (key === 'invalid') throw new HttpError(403, 'Invalid Application-ID or API key');
      answer = this.route(req.method ?? 'GET', decodeURIComponent(url.pathname), body, key, url.searchParams);
    } catch (error) {
      status = error instanceof HttpError ? error.status : 500;
      answer = { message: error instanceof Error ? error.message : 'Internal error', status };
    }
    const { only } = this.delays;
    const slow = !only || only.test(`${req.method} ${url.pathname}`);
    const headersMs = slow ? this.delays.headersMs : 0;
    const bodyMs = slow ? this.delays.bodyMs : 0;
    await this.wait(headersMs);
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    if (bodyMs > 0) {
      res.flushHeaders();
      await this.wait(bodyMs);
      if (res.destroyed) return;
    }
    res.end(JSON.stringify(answer));
  }

  private route(method: string, path: string, body: unknown, key: 'admin' | 'search', query: URLSearchParams): unknown {
    const requireAdmin = () => {
      if (key !== 'admin') throw new HttpError(403, 'Method not allowed with this API key');
    };
    if (method === 'POST' && path === '/1/indexes/*/queries') return this.multiQuery(body);
    let m = /^\/1\/indexes\/([^/]+)\/batch$/.exec(path);
    if (m && method === 'POST') {
      requireAdmin();
      return this.batch(m[1], body);
    }
    m = /^\/1\/indexes\/([^/]+)\/task\/(\d+)$/.exec(path);
    if (m && method === 'GET') return this.getTask(Number(m[2]));
    m = /^\/1\/indexes\/([^/]+)\/operation$/.exec(path);
    if (m && method === 'POST') {
      requireAdmin();
      return this.operation(m[1], body);
    }
    m = /^\/1\/indexes\/([^/]+)\/settings$/.exec(path);
    if (m && method === 'PUT') {
      requireAdmin();
      return this.setSettings(m[1], body);
    }
    if (m && method === 'GET') {
      const index = this.indexes.get(m[1]);
      if (!index) throw new HttpError(404, 'Index does not exist');
      return index.settings;
    }
    m = /^\/1\/indexes\/([^/]+)\/synonyms\/batch$/.exec(path);
    if (m && method === 'POST') {
      requireAdmin();
      return this.saveSynonyms(m[1], body, query.get('replaceExistingSynonyms') === 'true');
    }
    m = /^\/1\/indexes\/([^/*]+)$/.exec(path);
    if (m && method === 'DELETE') {
      requireAdmin();
      const name = m[1];
      return { taskID: this.task(() => this.indexes.delete(name)), deletedAt: new Date().toISOString() };
    }
    throw new HttpError(404, 'Not Found');
  }

  private task(apply: () => void): number {
    const task: Task = { id: this.nextTaskId, published: false, polls: 0, apply };
    this.nextTaskId += 1;
    this.tasks.push(task);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.publishUpTo(task.id);
    }, this.publishAfterMs);
    timer.unref();
    this.timers.add(timer);
    return task.id;
  }

  /** Tasks are applied in the order they were accepted, as Algolia's indexing queue does. */
  private publishUpTo(id: number): void {
    for (const task of this.tasks) {
      if (task.id > id) break;
      if (!task.published) {
        task.published = true;
        task.apply();
      }
    }
  }

  private getTask(id: number): unknown {
    const task = this.tasks.find((t) => t.id === id);
    if (!task) throw new HttpError(404, 'Task does not exist');
    if (!task.published && task.polls < this.pollsBeforePublish) {
      task.polls += 1;
      return { status: 'notPublished', pendingTask: true };
    }
    this.publishUpTo(id);
    return { status: 'published', pendingTask: false };
  }

  private indexFor(name: string): FakeIndex {
    let index = this.indexes.get(name);
    if (!index) {
      index = { records: new Map(), settings: {}, synonyms: new Map() };
      this.indexes.set(name, index);
    }
    return index;
  }

  private batch(indexName: string, body: unknown): unknown {
    const requests = (body as { requests?: unknown })?.requests;
    if (!Array.isArray(requests)) throw new HttpError(400, 'Missing requests');
    const operations: (() => void)[] = [];
    const objectIDs: string[] = [];
    requests.forEach((request, position) => {
      const { action, body: record } = (request ?? {}) as { action?: string; body?: Record<string, unknown> };
      if (action === 'clear') {
        operations.push(() => this.indexFor(indexName).records.clear());
        return;
      }
      if (action === 'delete') {
        operations.push(() => this.indexes.delete(indexName));
        return;
      }
      if (!record || typeof record !== 'object' || Array.isArray(record)) {
        throw new HttpError(400, `Invalid body at the position ${position}`);
      }
      const id = record.objectID;
      if (action === 'addObject' || action === 'updateObject') {
        if (action === 'updateObject' && (typeof id !== 'string' || id === '')) {
          throw new HttpError(400, `Missing objectID at the position ${position}`);
        }
        const objectID = typeof id === 'string' && id !== '' ? id : `${Date.now()}${position}`;
        objectIDs.push(objectID);
        const copy = JSON.parse(JSON.stringify({ ...record, objectID })) as JsonRecord;
        operations.push(() => this.indexFor(indexName).records.set(objectID, copy));
      } else if (action === 'deleteObject') {
        if (typeof id !== 'string' || id === '') throw new HttpError(400, `Missing objectID at the position ${position}`);
        objectIDs.push(id);
        operations.push(() => this.indexFor(indexName).records.delete(id));
      } else {
        throw new HttpError(400, `Invalid action at the position ${position}`);
      }
    });
    // The index exists as soon as a write to it was accepted, even before its task is published.
    this.indexFor(indexName);
    const taskID = this.task(() => {
      for (const op of operations) op();
    });
    return { taskID, objectIDs };
  }

  private setSettings(indexName: string, body: unknown): unknown {
    if (!body || typeof body !== 'object') throw new HttpError(400, 'Invalid settings');
    this.indexFor(indexName);
    const changes = JSON.parse(JSON.stringify(body)) as IndexSettings;
    const taskID = this.task(() => {
      const index = this.indexFor(indexName);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) delete index.settings[key];
        else index.settings[key] = value;
      }
    });
    return { taskID, updatedAt: new Date().toISOString() };
  }

  /**
   * POST /1/indexes/{index}/synonyms/batch: the body is an array of synonyms, each with an
   * objectID and a type; with replaceExistingSynonyms=true they replace all the index's synonyms.
   * Saved synonyms are stored (and copied and moved with the index) but, like typos, not used in
   * matching.
   */
  private saveSynonyms(indexName: string, body: unknown, replace: boolean): unknown {
    if (!Array.isArray(body)) throw new HttpError(400, 'Invalid synonyms: an array is expected');
    const synonyms = body.map((raw, position) => {
      const synonym = (raw ?? {}) as Partial<FakeSynonym>;
      if (typeof synonym.objectID !== 'string' || synonym.objectID === '') throw new HttpError(400, `Missing objectID at the position ${position}`);
      if (!['synonym', 'onewaysynonym', 'altcorrection1', 'altcorrection2', 'placeholder'].includes(String(synonym.type))) {
        throw new HttpError(400, `Invalid synonym type at the position ${position}`);
      }
      if (synonym.type === 'synonym' && (!Array.isArray(synonym.synonyms) || synonym.synonyms.some((w) => typeof w !== 'string'))) {
        throw new HttpError(400, `A synonym needs a list of words at the position ${position}`);
      }
      return JSON.parse(JSON.stringify(synonym)) as FakeSynonym;
    });
    this.indexFor(indexName);
    const taskID = this.task(() => {
      const index = this.indexFor(indexName);
      if (replace) index.synonyms.clear();
      for (const synonym of synonyms) index.synonyms.set(synonym.objectID, synonym);
    });
    return { taskID, updatedAt: new Date().toISOString() };
  }

  private operation(source: string, body: unknown): unknown {
    const { operation, destination, scope } = (body ?? {}) as { operation?: string; destination?: string; scope?: string[] };
    if ((operation !== 'copy' && operation !== 'move') || typeof destination !== 'string' || destination === '') {
      throw new HttpError(400, 'Invalid operation');
    }
    const taskID = this.task(() => {
      const from = this.indexes.get(source);
      if (operation === 'move') {
        // Moving an index that does not exist is ignored.
        if (!from) return;
        this.indexes.set(destination, from);
        this.indexes.delete(source);
        return;
      }
      const settings = from ? (JSON.parse(JSON.stringify(from.settings)) as IndexSettings) : {};
      const synonyms = new Map([...(from?.synonyms ?? new Map<string, FakeSynonym>())].map(([id, v]) => [id, JSON.parse(JSON.stringify(v)) as FakeSynonym]));
      if (scope && scope.length > 0) {
        const target = this.indexFor(destination);
        if (scope.includes('settings')) target.settings = settings;
        if (scope.includes('synonyms')) target.synonyms = synonyms;
        return;
      }
      const records = new Map([...(from?.records ?? new Map<string, JsonRecord>())].map(([id, r]) => [id, JSON.parse(JSON.stringify(r)) as JsonRecord]));
      this.indexes.set(destination, { records, settings, synonyms });
    });
    return { taskID, updatedAt: new Date().toISOString() };
  }

  private multiQuery(body: unknown): unknown {
    const requests = (body as { requests?: unknown })?.requests;
    if (!Array.isArray(requests)) throw new HttpError(400, 'Missing requests');
    // Every index is checked first: one missing index fails the whole call, as on Algolia.
    const prepared = requests.map((request) => {
      const params = searchParams((request ?? {}) as Record<string, unknown>);
      const indexName = params.indexName;
      if (typeof indexName !== 'string' || indexName === '') throw new HttpError(400, 'indexName is required');
      const index = this.indexes.get(indexName);
      if (!index) throw new HttpError(404, `Index ${indexName} does not exist`);
      return { params, indexName, index };
    });
    return { results: prepared.map(({ params, indexName, index }) => this.searchIndex(indexName, index, params)) };
  }

  private searchIndex(indexName: string, index: FakeIndex, params: Record<string, unknown>): unknown {
    const started = Date.now();
    const queryText = typeof params.query === 'string' ? params.query : '';
    if (queryText.length > MAX_QUERY_LENGTH) throw new HttpError(400, `Query is too long (more than ${MAX_QUERY_LENGTH} characters)`);
    const hitsPerPage = Number(params.hitsPerPage ?? index.settings.hitsPerPage ?? 20);
    const page = Number(params.page ?? 0);
    if (!Number.isInteger(hitsPerPage) || hitsPerPage < 0 || hitsPerPage > 1000) {
      throw new HttpError(400, 'hitsPerPage must be between 0 and 1000');
    }
    const queryType = (params.queryType ?? index.settings.queryType ?? 'prefixLast') as string;
    const words = wordsOf(queryText).map((w) => w.norm);
    const query: QueryWord[] = words.map((norm, i) => ({ norm, prefix: queryType === 'prefixAll' || (queryType === 'prefixLast' && i === words.length - 1) }));
    const pre = String(params.highlightPreTag ?? index.settings.highlightPreTag ?? '<em>');
    const post = String(params.highlightPostTag ?? index.settings.highlightPostTag ?? '</em>');

    const ranked: { record: JsonRecord; attribute: number; exact: number; order: number }[] = [];
    let order = 0;
    for (const record of index.records.values()) {
      order += 1;
      const attributes = searchableAttributes(index.settings, record);
      let attribute = Number.POSITIVE_INFINITY;
      let exact = 0;
      let all = true;
      for (const q of query) {
        let found = false;
        let exactHere = false;
        for (const attr of attributes) {
          let position = 0;
          for (const text of textsOf(record[attr.name])) {
            for (const word of wordsOf(text)) {
              const kind = matchOf(word, q);
              if (kind) {
                found = true;
                if (kind === 'exact') exactHere = true;
                attribute = Math.min(attribute, attr.priority * 1000 + (attr.unordered ? 0 : Math.min(position, 999)));
              }
              position += 1;
            }
          }
        }
        if (!found) all = false;
        if (exactHere) exact += 1;
      }
      if (!all) continue;
      ranked.push({ record, attribute: query.length === 0 ? 0 : attribute, exact, order });
    }
    ranked.sort((a, b) => a.attribute - b.attribute || b.exact - a.exact || a.order - b.order);

    const toHighlight =
      listParam(params.attributesToHighlight) ??
      index.settings.attributesToHighlight ??
      searchableAttributes(index.settings, { objectID: '' }).map((a) => a.name);
    const hits = ranked.slice(page * hitsPerPage, page * hitsPerPage + hitsPerPage).map(({ record }) => {
      const highlightResult: Record<string, unknown> = {};
      const names = toHighlight.includes('*') ? Object.keys(record).filter((k) => k !== 'objectID') : toHighlight;
      for (const name of names) {
        const value = record[name];
        if (typeof value === 'string') highlightResult[name] = highlight(value, query, pre, post);
        else if (Array.isArray(value)) highlightResult[name] = textsOf(value).map((v) => highlight(v, query, pre, post));
      }
      return { ...record, _highlightResult: highlightResult };
    });
    return {
      hits,
      nbHits: ranked.length,
      page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(ranked.length / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      exhaustive: { nbHits: true, typo: true },
      query: queryText,
      params: new URLSearchParams({ query: queryText, hitsPerPage: String(hitsPerPage) }).toString(),
      index: indexName,
      processingTimeMS: Date.now() - started,
    };
  }
}
