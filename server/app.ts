import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { isWellFormedInput, MALFORMED_TEXT_MESSAGE } from '../core/shared/well-formed-text';
import { ValidationError } from '../core/shared/errors';
import type { Currency } from '../core/shared/money';
import type { AppConfig } from './config';
import { createContainer, type Adapters, type AppContainer } from './container';
import { registerAdminRoutes } from './features/admins/admin-routes';
import { registerPaymentRoutes } from './features/payments/routes';
import { registerAdminWorkDayRoutes } from './features/work-days/admin-routes';
import { registerBookingAdminRoutes } from './features/bookings/admin-routes';
import { registerEventCancelRoutes } from './features/events/cancel-routes';
import { registerEventSeriesRoutes } from './features/events/series-routes';
import { registerOutboxRoutes } from './features/mail/outbox-routes';
import { registerPasswordResetRoutes } from './features/admins/password-reset-routes';
import { registerAccountRoutes } from './features/admins/account-routes';
import { registerWaitingListRoutes } from './features/waiting-list/routes';
import { registerWorkDayWithdrawRoutes } from './features/work-days/withdraw-routes';
import { registerNewsRoutes } from './features/news/routes';
import { registerSitePageRoutes } from './features/site-pages/routes';
import { registerMembershipRoutes } from './features/membership/routes';
import { registerJoinRoutes } from './features/membership/join-routes';
import { registerConditionsRoutes } from './features/conditions/routes';
import { registerWaterLevelRoutes } from './features/water-levels/admin-routes';
import { registerMemberListRoutes } from './features/member-list/routes';
import { registerRetentionRoutes } from './features/retention/routes';
import { registerDutyRoutes } from './features/duties/admin-routes';
import { registerDutyReportRoutes } from './features/duties/report-routes';
import { registerDocumentAdminRoutes } from './features/documents/admin-routes';
import { registerPhotoRoutes } from './features/photos/routes';
import { registerCheckInRoutes } from './features/check-in/routes';
import { registerAnnouncementRoutes } from './features/announcements/routes';
import { ApiRoutes, SENT } from './http/api-routes';
import { authenticator, csrfGuard, SESSION_COOKIE } from './http/auth';
import { registerMemberSignInRoutes } from './features/member-sign-in/routes';
import { MEMBER_SESSION_COOKIE, memberAuthenticator } from './http/member-session';
import { registerMyClubRoutes } from './features/my-club/routes';
import { registerPushRoutes } from './features/push/routes';
import { registerPrivacyRoutes } from './features/privacy/routes';
import { registerMyDutyRoutes } from './features/duties/my-duty-routes';
import { registerAvailabilityRoutes } from './features/duties/availability-routes';
import { registerDutySwapRoutes } from './features/duties/swap-routes';
import { apiNotFound, errorHandler } from './http/error-handler';
import { createOpenApiRegistry, generateOpenApiDocument } from './http/openapi';
import { WEBHOOKS_PATH } from './features/payments/routes';
import { CalendarAnswerCache } from './features/events/calendar-answer-cache';
import { CalendarFeedCache } from './features/events/calendar-feed-cache';
import { registerCalendarFeedRoute, registerMemberCalendarFeedRoute } from './features/events/calendar-feed-routes';
import { registerMetaRoutes } from './http/meta-routes';
import { registerPublicEventRoutes } from './features/events/public-routes';
import { registerPublicBookingRoutes } from './features/bookings/public-routes';
import { registerPublicWorkDayRoutes } from './features/work-days/public-routes';
import { registerPublicNewsRoutes } from './features/news/public-routes';
import { registerPublicDocumentRoutes } from './features/documents/public-routes';
import { registerPublicWaterLevelRoutes } from './features/water-levels/public-routes';
import { registerSearchRoutes } from './features/search/public-routes';
import { registerAdminEventRoutes } from './features/events/admin-routes';
import { registerAdminBookingReadRoutes } from './features/bookings/admin-read-routes';
import { registerAdminWorkDayListRoutes } from './features/work-days/admin-list-routes';
import { staticSite } from './http/static-site';
import { createLogger } from './logger';
import { seedIfEmpty } from './seed-if-empty';
import { bookingReference, referencePrefix } from '../core/bookings/booking-reference';
import { startMailSender } from './mail-sender';
import { startPushDelivery } from './push-delivery';
import { startJobRunner } from './job-runner';
import { redactUrl } from '../core/shared/capability-links';
import { redactRequest } from './log-redaction';
import { SweepExpiredSignIns } from '../core/member-sign-in/sweep-expired-sign-ins';
import { RAW_EMAIL_CODE_KEY_PREFIX } from '../core/member-sign-in/member-sign-in';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url));

export interface BuildAppOptions {
  /** Replaces configured adapters, e.g. a fixed clock or a fake payment gateway in tests. */
  adapters?: Partial<Adapters>;
  /** Where the built web app is (default dist/web). */
  webRoot?: string;
  /** Serves the web app instead of the built files (the dev server passes Vite's middleware). */
  frontend?: RequestHandler;
  /** Development only: Vite's hot reload needs inline scripts and a websocket, which the strict CSP forbids. */
  relaxContentSecurityPolicy?: boolean;
  logger?: Logger;
  /** How often the outbox is delivered with SMTP_URL set (default MAIL_ROUND_MS); tests shorten it. */
  mailRoundMs?: number;
  /** How often the push outbox is delivered (tests make it short). */
  pushRoundMs?: number;
  /** How often due jobs are run (default JOB_ROUND_MS); tests shorten it. */
  jobRoundMs?: number;
}

export interface BuiltApp {
  app: express.Express;
  container: Container;
  /** The wired ports, for tests and the command line. */
  ports: AppContainer;
  /** Every declared API route (method and path), as in the OpenAPI document. */
  routes: { method: string; path: string }[];
  logger: Logger;
  close(): Promise<void>;
}

const API_BODY_LIMIT = '100kb';

type CspDirectives = Record<string, string[]>;

/**
 * Square's hosts per environment (docs/payments.md): its script, the card iframe, the 3-D Secure
 * challenge, its API calls and fonts. Allowed only when PAYMENTS=square; test mode stays 'self'.
 */
function squareCsp(hosts: { cdn: string; connect: string; pciConnect: string }): CspDirectives {
  return {
    scriptSrc: [hosts.cdn],
    frameSrc: [hosts.cdn, hosts.connect],
    connectSrc: [hosts.pciConnect, hosts.connect, hosts.cdn],
    styleSrc: [hosts.cdn],
    imgSrc: [hosts.cdn],
    fontSrc: ['https://square-fonts-production-f.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
  };
}
const SQUARE_CSP: Record<'sandbox' | 'production', CspDirectives> = {
  sandbox: squareCsp({
    cdn: 'https://sandbox.web.squarecdn.com',
    connect: 'https://connect.squareupsandbox.com',
    pciConnect: 'https://pci-connect.squareupsandbox.com',
  }),
  production: squareCsp({ cdn: 'https://web.squarecdn.com', connect: 'https://connect.squareup.com', pciConnect: 'https://pci-connect.squareup.com' }),
};

export function contentSecurityPolicy(config: Pick<AppConfig, 'square'>): CspDirectives {
  const directives: CspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  if (config.square) {
    for (const [name, hosts] of Object.entries(SQUARE_CSP[config.square.environment])) directives[name] = [...directives[name], ...hosts];
  }
  return directives;
}

export const CARD_ACCOUNT_UNREADABLE =
  'Card payments cannot start: the payment account could not be read. Check SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID and SQUARE_ENVIRONMENT';

/**
 * With a card payment provider, reads the one currency it takes now, so that a wrong access token
 * or location stops the start (with the provider's answer) rather than a member's payment. Paid
 * events still to come in another currency are named in the log: members cannot book them until
 * an admin changes their currency (the event form refuses such a currency from now on).
 */
async function checkCardPayments(ports: AppContainer, logger: Logger): Promise<void> {
  const payments = ports.get('payments');
  if (!payments.cardCurrency) return;
  let currency: Currency | null;
  try {
    currency = await payments.cardCurrency();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = [(error as Error).message, cause instanceof Error ? cause.message : null].filter(Boolean).join(': ');
    throw new Error(`${CARD_ACCOUNT_UNREADABLE} (${detail}).`, { cause: error });
  }
  if (currency === null) return;
  const upcoming = await ports.get('events').listNotOverBefore(ports.get('clock').now());
  const stranded = upcoming.filter((event) => event.requiresPayment && event.currency !== currency);
  if (stranded.length > 0) {
    logger.error(
      { events: stranded.map((event) => event.id) },
      `Card payments are taken in ${currency} only; these paid events are in another currency and cannot be booked until an admin changes their currency: ${stranded.map((event) => `${event.name} (${event.currency})`).join(', ')}`,
    );
  }
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const logger = options.logger ?? createLogger(config);
  const ports = await createContainer(config, options.adapters, {
    reportSearchIndexError: (error) => logger.error({ err: error }, 'Search index update failed; the saved data stands'),
    reportSearchError: (error) => logger.error({ err: error }, 'Search failed; the member was shown no results'),
    reportConfigurationProblem: (message) => logger.error(message),
    reportPasswordResetError: (error) => logger.error({ err: error }, 'A password-reset e-mail could not be sent; the request was answered as usual'),
    reportSignInCodeError: (error) =>
      logger.error({ err: error }, "A member's sign-in code could not be stored or e-mailed; the request was answered as usual"),
    reportFileCleanupError: (error) => logger.error({ err: error }, "A deleted photo's file could not be removed; it is no longer used"),
  });
  try {
    if (config.seedDemoData) await seedIfEmpty(ports, logger, config.clubName);
    // Bookings stored before short references (and the demo's) get one, with the club's prefix.
    const prefix = referencePrefix(config.clubName);
    const given = await ports.get('bookings').assignMissingReferences((bookingId, attempt) => bookingReference(prefix, bookingId, attempt));
    if (given > 0) logger.info({ given }, 'Gave booking references to the bookings without one');
    // Bookings stored before My club (Firestore's) get the e-mail key it finds guest bookings by.
    const keyed = await ports.get('bookings').assignMissingEmailKeys();
    if (keyed > 0) logger.info({ keyed }, 'Gave e-mail keys to the bookings stored without one');
    // Likewise work-day sign-ups, so a member's older work-day jobs show in My club.
    const signupsKeyed = await ports.get('workDays').assignMissingEmailKeys();
    if (signupsKeyed > 0) logger.info({ keyed: signupsKeyed }, 'Gave e-mail keys to the work-day sign-ups stored without one');
    // Households stored before several members (Firestore's) get their member as contact.
    const households = await ports.get('households').assignMissingMembers();
    if (households > 0) logger.info({ households }, 'Gave households stored before several members their contact');
    // Expired sessions are useless; clearing them at start keeps the table small without a timer.
    await ports.get('sessions').deleteExpired(ports.get('clock').now());
    await ports.get('resetTokens').deleteExpired(ports.get('clock').now());
    await ports.useCase(SweepExpiredSignIns).execute();
    // Code requests were once counted under the raw e-mail: forget those (docs/data-protection.md).
    const rawEmails = await ports.get('loginAttempts').forgetKeysStartingWith(RAW_EMAIL_CODE_KEY_PREFIX);
    if (rawEmails > 0) logger.info({ attempts: rawEmails }, 'Forgot the sign-in code requests counted under raw e-mails');
    // Built now, so a damaged secrets file or a bad gateway setting stops the start rather than a payment.
    ports.get('payments');
    await checkCardPayments(ports, logger);
  } catch (error) {
    await ports.close();
    throw error;
  }

  // With SMTP_URL the server sends the outbox's e-mails itself; without it they wait there for admins to read.
  const stopMail = config.mail ? startMailSender(ports, logger, options.mailRoundMs) : async () => {};
  // Push notifications are delivered by this process too (docs/notifications.md#delivery).
  const stopPush = startPushDelivery(ports, logger, options.pushRoundMs);
  // The scheduled jobs (reminders, ...) run in this process, whatever the mail setting.
  const stopJobs = startJobRunner(ports, logger, options.jobRoundMs);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  rememberClientAddress(app);

  app.use(
    helmet({
      contentSecurityPolicy: options.relaxContentSecurityPolicy ? false : { useDefaults: false, directives: contentSecurityPolicy(config) },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const requestLevel = (status: number, error?: unknown) => (error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');
  app.use(
    logger.isLevelEnabled('info')
      ? pinoHttp({
          logger,
          customLogLevel: (_req, res, error) => requestLevel(res.statusCode, error),
          serializers: { req: redactRequest },
          autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') },
        })
      : // Above info only failed requests are logged; pino-http's per-request child logger and
        // header serialisation would cost every successful request for lines nobody keeps.
        (req, res, next) => {
          const started = performance.now();
          res.on('finish', () => {
            if (res.statusCode < 400) return;
            logger[requestLevel(res.statusCode)](
              {
                req: { method: req.method, url: redactUrl(req.originalUrl) },
                res: { statusCode: res.statusCode },
                responseTime: Math.round(performance.now() - started),
              },
              'request completed',
            );
          });
          next();
        },
  );

  // Webhooks are signed over their exact bytes, so they are read raw (whatever the content type);
  // the JSON parser below then leaves them alone.
  app.use(WEBHOOKS_PATH, express.raw({ type: () => true, limit: API_BODY_LIMIT }));
  app.use('/api', express.json({ limit: API_BODY_LIMIT, strict: true }));
  // Before any route reads it: text that no database can store is refused with one clear message.
  app.use('/api', (req, _res, next) => {
    next(isWellFormedInput(req.body) && isWellFormedInput(req.query) ? undefined : new ValidationError(MALFORMED_TEXT_MESSAGE));
  });
  const calendarCache = new CalendarAnswerCache(() => ports.get('clock').now().getTime());
  app.use('/api', calendarCache.watchWrites);
  const feedCache = new CalendarFeedCache(() => ports.get('clock').now().getTime());
  app.use('/api', feedCache.watchWrites);
  app.use('/api', (_req, res, next) => {
    // API answers are personal or change often; never let a shared cache keep them.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api/admin', csrfGuard);
  // Members' sign-in sets and ends a session cookie: the same cross-site protection as the panel's.
  app.use('/api/member', csrfGuard);
  app.use('/api/my', csrfGuard);
  // The public application to join writes personal details: only the members' area's own page sends it.
  app.use('/api/membership/applications', csrfGuard);

  const registry = createOpenApiRegistry(SESSION_COOKIE, MEMBER_SESSION_COOKIE);
  const adminAccess = authenticator({ identity: ports.get('identity'), admins: ports.get('admins') });
  const memberAccess = memberAuthenticator(ports);
  const router = express.Router();
  const routes = new ApiRoutes(
    router,
    registry,
    (access) => (access === 'member' ? memberAccess : adminAccess(access)),
    // Every JSON answer is checked against the OpenAPI schema outside production.
    config.nodeEnv !== 'production',
  );
  // First: calendar apps poll it, and Express tries the routes in order.
  registerCalendarFeedRoute(routes, ports, feedCache);
  registerMemberCalendarFeedRoute(routes, ports);
  registerMetaRoutes(routes, ports, config);
  registerPublicEventRoutes(routes, ports, calendarCache);
  registerPublicBookingRoutes(routes, ports, config);
  registerPaymentRoutes(routes, ports);
  registerPublicWorkDayRoutes(routes, ports, config);
  registerPublicNewsRoutes(routes, ports, config);
  registerPublicDocumentRoutes(routes, ports);
  registerPublicWaterLevelRoutes(routes, ports);
  registerSearchRoutes(routes, ports);
  registerAdminRoutes(routes, ports);
  registerAdminEventRoutes(routes, ports);
  registerAdminBookingReadRoutes(routes, ports);
  registerAdminWorkDayListRoutes(routes, ports);
  registerAdminWorkDayRoutes(routes, ports);
  registerBookingAdminRoutes(routes, ports);
  registerEventCancelRoutes(routes, ports);
  registerEventSeriesRoutes(routes, ports);
  registerOutboxRoutes(routes, ports);
  registerPasswordResetRoutes(routes, ports);
  registerAccountRoutes(routes, ports);
  registerMemberSignInRoutes(routes, ports);
  registerMyClubRoutes(routes, ports);
  registerPushRoutes(routes, ports);
  registerMyDutyRoutes(routes, ports);
  registerAvailabilityRoutes(routes, ports);
  registerDutySwapRoutes(routes, ports);
  registerWaitingListRoutes(routes, ports, config);
  registerWorkDayWithdrawRoutes(routes, ports);
  registerNewsRoutes(routes, ports);
  registerSitePageRoutes(routes, ports);
  registerMembershipRoutes(routes, ports);
  registerJoinRoutes(routes, ports, config);
  registerWaterLevelRoutes(routes, ports);
  registerMemberListRoutes(routes, ports);
  registerConditionsRoutes(routes, ports);
  registerDutyRoutes(routes, ports);
  registerDutyReportRoutes(routes, ports);
  registerDocumentAdminRoutes(routes, ports);
  registerPhotoRoutes(routes, ports);
  registerPrivacyRoutes(routes, ports);
  registerCheckInRoutes(routes, ports);
  registerAnnouncementRoutes(routes, ports);
  registerRetentionRoutes(routes, ports);
  let openApiDocument: object | null = null;
  routes.add({
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tag: 'meta',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI document' } },
    handler: async ({ res }) => {
      openApiDocument ??= generateOpenApiDocument(registry, config.clubName);
      res.json(openApiDocument);
      return SENT;
    },
  });
  app.use(router);
  app.use('/api', apiNotFound);

  app.use(options.frontend ?? staticSite(options.webRoot ?? DEFAULT_WEB_ROOT, { readInPage: (path) => routes.readInPage(path), logger }));
  app.use(errorHandler(logger));

  return {
    app,
    container: ports.container,
    ports,
    routes: routes.declared,
    logger,
    close: async () => {
      await Promise.all([stopMail(), stopPush(), stopJobs()]);
      await ports.close();
    },
  };
}

/** Where a request's address is kept once worked out (rememberClientAddress). */
const CLIENT_ADDRESS = Symbol('client address');

/**
 * Express's `req.ip` parses X-Forwarded-For against the trusted proxies each time it is read, and
 * a booking reads it three or four times (the rate limiters, the address's held places): on this
 * app's requests it is worked out at the first read and kept for the request
 * (docs/performance.md#search-bookings-and-memory-profiles-and-paired-runs).
 */
function rememberClientAddress(app: express.Express): void {
  const addressOf = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  if (!addressOf) throw new Error("express.request has no 'ip' getter: rememberClientAddress needs updating");
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: express.Request & { [CLIENT_ADDRESS]?: string | undefined }) {
      if (!(CLIENT_ADDRESS in this)) this[CLIENT_ADDRESS] = addressOf.call(this) as string | undefined;
      return this[CLIENT_ADDRESS];
    },
  });
}
