import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { AddressLimitStore } from '../../core/shared/address-limit-store.port';
import type { Clock } from '../../core/shared/clock.port';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';

export const TOO_MANY_BOOKINGS_MINUTE = 'Too many bookings from your connection in a short time. Please wait a minute and try again.';
export const TOO_MANY_BOOKINGS_DAY = 'Too many bookings from your connection today. Please try again tomorrow, or contact the club if you need to book more.';

/**
 * express-rate-limit's store on our AddressLimitStore port, so the count holds across server
 * instances (Firestore) and restarts (SQLite), and time comes from the Clock port.
 */
export class AddressLimitRateStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly limits: AddressLimitStore,
    private readonly clock: Clock,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await this.limits.hit(this.prefix + key, this.windowMs, this.clock.now());
    return { totalHits: hits, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.limits.unhit(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.limits.reset(this.prefix + key);
  }
}

/**
 * The key of a client: its address, or for IPv6 its /56 network (one home or office gets a whole
 * block of addresses, so single IPv6 addresses would be free to rotate).
 */
export function clientAddressKey(ip: string | undefined): string {
  return ipKeyGenerator(ip ?? 'unknown');
}

export const TOO_MANY_SIGNUPS_MINUTE = 'Too many work-day sign-ups from your connection in a short time. Please wait a minute and try again.';
export const TOO_MANY_SIGNUPS_DAY =
  'Too many work-day sign-ups from your connection today. Please try again tomorrow, or contact the club if you need to sign up more people.';

interface RateLimitDeps {
  limits: AddressLimitStore;
  clock: Clock;
  perMinute: number;
  perDay: number;
}

/**
 * One per-address limit: express-rate-limit's middleware, the message of its refusal, and how to
 * take back the request's count (its store's decrement, on the request's key).
 */
export interface AddressLimit {
  middleware: RequestHandler;
  message: string;
  takeBack: (req: Request) => Promise<void>;
}

/** The limits each request went over, as their middlewares find them. */
const refusals = new WeakMap<Request, Set<AddressLimit>>();

/** The booking limits per client address: so many a minute and so many a day. */
export function bookingAddressLimits(deps: RateLimitDeps): AddressLimit[] {
  return addressLimits(deps, 'bookings', [TOO_MANY_BOOKINGS_MINUTE, TOO_MANY_BOOKINGS_DAY]);
}

/**
 * The limits on every work-day sign-up per client address, with or without an e-mail: without
 * them one address could fill every job of a day with made-up names.
 */
export function workDaySignupAddressLimits(deps: RateLimitDeps): AddressLimit[] {
  return addressLimits(deps, 'signups', [TOO_MANY_SIGNUPS_MINUTE, TOO_MANY_SIGNUPS_DAY]);
}

/** Limits on POST /api/bookings per client address: so many a minute and so many a day, 429 beyond. */
export function bookingRateLimits(deps: RateLimitDeps): RequestHandler[] {
  return [limitsAtOnce(bookingAddressLimits(deps))];
}

function addressLimits(deps: RateLimitDeps, name: string, [minuteMessage, dayMessage]: readonly [string, string]): AddressLimit[] {
  const limiter = (prefix: string, windowMs: number, limit: number, message: string): AddressLimit => {
    const store = new AddressLimitRateStore(deps.limits, deps.clock, prefix);
    const addressLimit: AddressLimit = {
      message,
      takeBack: (req) => store.decrement(clientAddressKey(req.ip)),
      middleware: rateLimit({
        windowMs,
        limit,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store,
        keyGenerator: (req) => clientAddressKey(req.ip),
        // A store out of reach is the booking storage out of reach: the request fails (502) rather
        // than letting unlimited bookings through.
        passOnStoreError: false,
        // The key generator does use ipKeyGenerator (in clientAddressKey), which this check cannot see.
        validate: { keyGeneratorIpFallback: false },
        // The refusal is noted, and answered by limitsAtOnce once every limit has counted.
        handler: (req, _res, next) => {
          const over = refusals.get(req) ?? new Set<AddressLimit>();
          over.add(addressLimit);
          refusals.set(req, over);
          next();
        },
      }),
    };
    return addressLimit;
  };
  return [limiter(`${name}-minute:`, 60_000, deps.perMinute, minuteMessage), limiter(`${name}-day:`, 24 * 3600_000, deps.perDay, dayMessage)];
}

/**
 * Counts a request against several per-address limits side by side, not one after another: their
 * counts are asked for in the same turn of the event loop, so on Firestore they are made in one
 * group commit (ADR 63) rather than one transaction after another. A request over any of them is
 * answered 429 with the message of the first it is over, in the order given, and the limits after
 * that one take their count back: as when they ran one after another, a request the minute's
 * limit refuses does not use up the day's (one flood does not shut an address, a club house's
 * shared connection say, out for the whole day). A store out of reach fails the request (502).
 */
export function limitsAtOnce(limits: readonly AddressLimit[]): RequestHandler {
  return (req, res, next) => {
    const counted = limits.map(
      ({ middleware }) =>
        new Promise<void>((resolve, reject) => {
          void middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
        }),
    );
    Promise.all(counted)
      .then(async () => {
        const over = refusals.get(req);
        const first = over ? limits.findIndex((limit) => over.has(limit)) : -1;
        if (first < 0) return next();
        await Promise.all(limits.slice(first + 1).map((limit) => limit.takeBack(req)));
        res.status(429).json({ error: limits[first].message });
      })
      .catch(next);
  };
}

/**
 * The booking limits of this server's settings (BOOKING_LIMIT_PER_MINUTE, BOOKING_LIMIT_PER_DAY) on
 * its address-limit store and clock. Every route that uses them counts against the same per-address
 * limits (the stores' keys are shared): bookings, waiting-list joins and sign-ups with an e-mail.
 */
export function configuredBookingRateLimits(ports: AppContainer, config: AppConfig): RequestHandler[] {
  return bookingRateLimits({ limits: ports.get('addressLimits'), clock: ports.get('clock'), ...config.bookingLimits });
}

/**
 * The limits of a work-day sign-up: the sign-ups' own always; one with an e-mail sends one, so it
 * also counts against the bookings' limits (the form cannot be used to mail strangers in bulk).
 * All of a request's limits are counted at once.
 */
export function configuredWorkDaySignupRateLimits(ports: AppContainer, config: AppConfig): RequestHandler {
  const deps = { limits: ports.get('addressLimits'), clock: ports.get('clock') };
  const signups = workDaySignupAddressLimits({ ...deps, ...config.workDaySignupLimits });
  const withoutEmail = limitsAtOnce(signups);
  const withEmail = limitsAtOnce([...signups, ...bookingAddressLimits({ ...deps, ...config.bookingLimits })]);
  return (req, res, next) => {
    const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
    return (typeof email === 'string' && email.trim() !== '' ? withEmail : withoutEmail)(req, res, next);
  };
}
