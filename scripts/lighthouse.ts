/**
 * `npm run lighthouse`: Lighthouse on the members' area as a member first meets it.
 *
 * Builds the web app when dist/web is missing, starts the real app in this process on a fresh
 * temporary data folder with the demo data (127.0.0.1, a free port), starts Debian's Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH) headless with a fresh profile, and runs Lighthouse on
 * Home, Calendar, the booking page of a bookable demo event, a member's own booking (booked for
 * the purpose), News and Documents, for phones and desktops, a few
 * times each. Prints the median score of every category and exits 1 when performance,
 * accessibility or best practices is below 95 on any page (SEO is shown for information), or 2
 * when Lighthouse itself could not measure a page. Reports go to test-results/lighthouse/.
 *
 * Options: --runs N (default 3), --form-factor mobile|desktop|both (default both),
 * --page home|calendar|booking|mybooking|news|documents (repeatable; default all six).
 *
 * Phones are measured as Lighthouse does by default (a mid-range phone on a slow 4G line,
 * simulated), desktops with its desktop settings. The performance score depends on how busy the
 * machine's cores are: each run prints Lighthouse's speed index of the machine beside its scores.
 * test/app/e2e/lighthouse.test.ts uses runLighthouse for the scores that do not depend on it.
 *
 * Nothing leaves 127.0.0.1: Chromium resolves no host name other than 127.0.0.1 and sends
 * everything that is not loopback to a proxy address where nothing listens, and every request a
 * page made is checked afterwards. A request to another host is reported as such, apart from
 * the scores, so that a blocked outside call is never mistaken for a slow or broken app.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { buildApp, type BuiltApp } from '../server/app';
import { loadConfig } from '../server/config';
import { listenLocally } from '../server/http/http-server';

const ROOT = resolve(import.meta.dirname, '..');
const REPORT_DIR = join(ROOT, 'test-results/lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The least score (out of 100) each of these categories must reach on every page. */
export const REQUIRED_SCORE = 95;
export const GATED_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CATEGORIES = [...GATED_CATEGORIES, 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

const PAGE_NAMES = ['home', 'calendar', 'booking', 'mybooking', 'news', 'documents'] as const;
type PageName = (typeof PAGE_NAMES)[number];

interface Measurement extends LighthouseRun {
  page: PageName;
  formFactor: FormFactor;
  url: string;
  run: number;
}

function parseOptions() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'form-factor': { type: 'string', default: 'both' }, page: { type: 'string', multiple: true } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs must be a whole number from 1 to 9');
  const formFactorOption = values['form-factor'];
  if (!['mobile', 'desktop', 'both'].includes(formFactorOption)) throw new Error('--form-factor must be mobile, desktop or both');
  const formFactors: FormFactor[] = formFactorOption === 'both' ? ['mobile', 'desktop'] : [formFactorOption as FormFactor];
  const pages = (values.page ?? [...PAGE_NAMES]) as PageName[];
  for (const page of pages) {
    if (!PAGE_NAMES.includes(page)) throw new Error(`--page must be one of ${PAGE_NAMES.join(', ')}`);
  }
  return { runs, formFactors, pages };
}

function ensureWebBuild(): void {
  if (existsSync(join(ROOT, 'dist/web/index.html'))) return;
  console.log('dist/web is missing: building the web app first (npm run build)...');
  // The same lock as the e2e tests, so two builds never write dist/ at once.
  const result = spawnSync('flock', ['/tmp/kyc-web-build.lock', 'sh', '-c', 'test -f dist/web/index.html || npm run build --silent'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build (npm run build failed)');
}

interface RunningApp {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app (API and built web app) on a temporary data folder seeded with the demo data. */
async function startApp(): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-lighthouse-'));
  let built: BuiltApp;
  try {
    const config = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' });
    built = await buildApp(config);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const local = await listenLocally(built.app);
  return {
    baseUrl: local.baseUrl,
    async close() {
      await local.stop();
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first demo event that is open for booking: its booking page is what members fill in. */
async function bookableEventId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/events`);
  if (!response.ok) throw new Error(`GET /api/events answered ${response.status}`);
  const { events } = (await response.json()) as { events: { id: string; name: string; bookingOpen: boolean }[] };
  const event = events.find((candidate) => candidate.bookingOpen);
  if (!event) throw new Error('The demo data has no event open for booking');
  console.log(`Booking page measured for the demo event "${event.name}" (${event.id})`);
  return event.id;
}

interface RunningChromium {
  port: number;
  close(): Promise<void>;
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-features=Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions',
  '--metrics-recording-only',
  '--mute-audio',
  // Keep everything on this machine: no host name resolves except 127.0.0.1, and whatever is not
  // loopback goes to a proxy on a port where nothing listens.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--proxy-server=http://127.0.0.1:9',
];

/** Chromium with a fresh profile and a DevTools port of its own choosing (read from its stderr). */
async function startChromium(): Promise<RunningChromium> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const profile = mkdtempSync(join(tmpdir(), 'kyc-lighthouse-chromium-'));
  // Its own process group, so closing it ends the renderers and helpers too.
  const child: ChildProcess = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const port = await new Promise<number>((done, fail) => {
    let stderr = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open its DevTools port within 30 s:\n${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${stderr}`));
    });
  });
  // Keep reading stderr so a chatty Chromium never blocks on a full pipe.
  child.stderr!.resume();
  return {
    port,
    async close() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
        const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5_000))]);
        if (!killed) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
          await exited;
        }
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function isLocalUrl(url: string): boolean {
  if (/^(data|blob|about|chrome|chrome-extension|devtools):/.test(url)) return true;
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

function outsideRequests(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined;
  return [...new Set((details?.items ?? []).map((item) => item.url ?? '').filter((url) => url !== '' && !isLocalUrl(url)))];
}

/** The audits that cost a category points, worst first (what to fix). */
function auditsCostingPoints(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
}

export interface LighthouseRun {
  /** Category scores out of 100. */
  scores: Partial<Record<Category, number>>;
  /** Per category, the audits that cost it points. */
  costs: Partial<Record<Category, string[]>>;
  /** Requests to anything but 127.0.0.1 (blocked here, so not the app's speed). */
  outsideRequests: string[];
  /** Why Lighthouse could not measure, when it could not (after the retries). */
  runtimeError?: string;
  warnings: string[];
  /** Lighthouse's measure of this machine's speed during the run (lower is slower: busy cores). */
  benchmarkIndex: number;
  /** Largest contentful paint and total blocking time, in ms (performance runs only). */
  lcpMs?: number;
  tbtMs?: number;
}

export interface LighthouseOptions {
  formFactor: FormFactor;
  categories?: readonly Category[];
  /** Writes `<reportBase>.report.json` and `.report.html` when given. */
  reportBase?: string;
  /** Called before a run that is tried again. */
  onRetry?: (reason: string) => void;
}

/** Chrome now and then loses the trace of a load (NO_NAVSTART and the like): such a run is tried again. */
const ATTEMPTS = 3;

/** One Lighthouse run of `url` in a fresh headless Chromium, tried again when Chrome loses the trace. */
export async function runLighthouse(url: string, options: LighthouseOptions): Promise<LighthouseRun> {
  let run = await runOnce(url, options);
  for (let attempt = 2; attempt <= ATTEMPTS && run.runtimeError; attempt += 1) {
    options.onRetry?.(run.runtimeError);
    run = await runOnce(url, options);
  }
  return run;
}

async function runOnce(url: string, options: LighthouseOptions): Promise<LighthouseRun> {
  const categories = options.categories ?? CATEGORIES;
  const chromium = await startChromium();
  try {
    const flags: Flags = {
      port: chromium.port,
      hostname: '127.0.0.1',
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: [...categories],
      // No error reports to an outside service: only Lighthouse's CLI can turn them on, never this API.
    };
    const config: Config | undefined = options.formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr, report } = result;
    if (options.reportBase) {
      const reports = Array.isArray(report) ? report : [report];
      writeFileSync(`${options.reportBase}.report.json`, reports[0]);
      writeFileSync(`${options.reportBase}.report.html`, reports[1]);
    }
    const scores: LighthouseRun['scores'] = {};
    const costs: LighthouseRun['costs'] = {};
    for (const category of categories) {
      const score = lhr.categories[category]?.score;
      if (typeof score === 'number') scores[category] = Math.round(score * 100);
      costs[category] = auditsCostingPoints(lhr, category);
    }
    return {
      scores,
      costs,
      outsideRequests: outsideRequests(lhr),
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
      warnings: lhr.runWarnings.map(String),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
    };
  } finally {
    await chromium.close();
  }
}

/** The middle value (the mean of the two middle ones, rounded, for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** A member's own booking page: a booking made on the demo event, through its manage link. */
async function myBookingUrl(baseUrl: string, eventId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
    body: JSON.stringify({
      eventId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      numberAttending: '1',
      numberOfChildren: '',
      numberOfSoftDrinks: '',
      numberOfVegetarian: '',
      boatName: '',
      email: '',
    }),
  });
  if (response.status !== 201) throw new Error(`POST /api/bookings answered ${response.status}`);
  const { managePath } = (await response.json()) as { managePath: string };
  return `${baseUrl}${managePath}`;
}

async function main(): Promise<number> {
  const { runs, formFactors, pages } = parseOptions();
  ensureWebBuild();
  mkdirSync(REPORT_DIR, { recursive: true });
  const app = await startApp();
  const measurements: Measurement[] = [];
  try {
    const eventId = pages.includes('booking') || pages.includes('mybooking') ? await bookableEventId(app.baseUrl) : '';
    const urls: Record<PageName, string> = {
      home: `${app.baseUrl}/`,
      calendar: `${app.baseUrl}/calendar`,
      booking: eventId === '' ? '' : `${app.baseUrl}/event-booking?id=${encodeURIComponent(eventId)}`,
      mybooking: pages.includes('mybooking') ? await myBookingUrl(app.baseUrl, eventId) : '',
      news: `${app.baseUrl}/news`,
      documents: `${app.baseUrl}/documents`,
    };
    for (const formFactor of formFactors) {
      for (const page of pages) {
        for (let run = 1; run <= runs; run += 1) {
          const measurement: Measurement = {
            page,
            formFactor,
            url: urls[page],
            run,
            ...(await runLighthouse(urls[page], {
              formFactor,
              reportBase: join(REPORT_DIR, `${page}-${formFactor}-run${run}`),
              onRetry: (reason) => console.log(`  ${formFactor} ${page} run ${run}: ${reason}; trying again`),
            })),
          };
          measurements.push(measurement);
          const line = [
            ...CATEGORIES.map((category) => `${category} ${measurement.scores[category] ?? '-'}`),
            `LCP ${Math.round(measurement.lcpMs ?? NaN)} ms`,
            `TBT ${Math.round(measurement.tbtMs ?? NaN)} ms`,
          ].join(', ');
          console.log(`  ${formFactor} ${page} run ${run}: ${measurement.runtimeError ?? line} (machine speed ${measurement.benchmarkIndex})`);
        }
      }
    }
  } finally {
    await app.close();
  }

  const rows: { formFactor: FormFactor; page: PageName; url: string; medians: Partial<Record<Category | 'lcpMs' | 'tbtMs', number>> }[] = [];
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const runsOfPage = measurements.filter((m) => m.formFactor === formFactor && m.page === page && !m.runtimeError);
      const medians: Partial<Record<Category | 'lcpMs' | 'tbtMs', number>> = {};
      for (const category of CATEGORIES) {
        const values = runsOfPage.map((m) => m.scores[category]).filter((value): value is number => value !== undefined);
        if (values.length > 0) medians[category] = median(values);
      }
      for (const metric of ['lcpMs', 'tbtMs'] as const) {
        const values = runsOfPage.map((m) => m[metric]).filter((value): value is number => value !== undefined);
        if (values.length > 0) medians[metric] = Math.round(median(values));
      }
      rows.push({ formFactor, page, url: runsOfPage[0]?.url ?? '', medians });
    }
  }

  console.log(
    `\nLighthouse ${measurements.length > 0 ? '' : '(no runs) '}median of ${runs} run${runs === 1 ? '' : 's'} (needs ${REQUIRED_SCORE} in ${GATED_CATEGORIES.join(', ')}; SEO for information)`,
  );
  console.log(['form factor', 'page     ', ...CATEGORIES.map((c) => c.padStart(14)), 'LCP ms'.padStart(7), 'TBT ms'.padStart(7)].join(' | '));
  for (const row of rows) {
    const cells = CATEGORIES.map((category) => {
      const value = row.medians[category];
      const mark = value !== undefined && value < REQUIRED_SCORE && (GATED_CATEGORIES as readonly string[]).includes(category) ? ' !' : '  ';
      return `${value ?? '-'}${mark}`.padStart(14);
    });
    console.log(
      [
        row.formFactor.padEnd(11),
        row.page.padEnd(9),
        ...cells,
        String(row.medians.lcpMs ?? '-').padStart(7),
        String(row.medians.tbtMs ?? '-').padStart(7),
      ].join(' | '),
    );
  }

  let code = 0;
  const broken = measurements.filter((m) => m.runtimeError);
  for (const m of broken) console.error(`\nLighthouse could not measure ${m.formFactor} ${m.page} run ${m.run}: ${m.runtimeError}`);
  if (broken.length > 0) code = 2;

  const outside = [...new Set(measurements.flatMap((m) => m.outsideRequests))];
  if (outside.length > 0) {
    console.error(`\nThe pages asked for addresses outside 127.0.0.1 (blocked here; not counted as the app's speed):\n  ${outside.join('\n  ')}`);
    code ||= 1;
  }

  for (const row of rows) {
    for (const category of GATED_CATEGORIES) {
      const value = row.medians[category];
      if (value === undefined) {
        console.error(`\n${row.formFactor} ${row.page}: no ${category} score`);
        code ||= 2;
      } else if (value < REQUIRED_SCORE) {
        const medianRun = measurements.find((m) => m.formFactor === row.formFactor && m.page === row.page && m.scores[category] === value);
        const audits = medianRun?.costs[category] ?? [];
        console.error(
          `\n${row.formFactor} ${row.page}: ${category} ${value} < ${REQUIRED_SCORE}; audits that cost points: ${audits.join(', ') || 'see the report'}`,
        );
        code = code === 2 ? 2 : 1;
      }
    }
  }
  const warnings = [...new Set(measurements.flatMap((m) => m.warnings))];
  if (warnings.length > 0) console.log(`\nLighthouse warnings:\n  ${warnings.join('\n  ')}`);

  writeFileSync(join(REPORT_DIR, 'summary.json'), `${JSON.stringify({ requiredScore: REQUIRED_SCORE, runs, rows, measurements }, null, 2)}\n`);
  console.log(`\nReports: ${REPORT_DIR}`);
  return code;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 2;
    },
  );
}
