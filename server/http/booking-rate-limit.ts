import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { AddressLimitStore } from '../../core/shared/address-limit-store.port';
import type { Clock } from '../../core/shared/clock.port';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';

export const TOO_MANY_BOOKINGS_MINUTE = 'Too many bookings from your connection in a short time. Please wait a minute and try again.';
export const TOO_MANY_BOOKINGS_DAY =
  'Too many bookings from your connection today. Please try again tomorrow, or contact the club if you need to book more.';

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

/** Limits on POST /api/bookings per client address: so many a minute and so many a day, 429 beyond. */
export function bookingRateLimits(deps: RateLimitDeps): RequestHandler[] {
  return addressRateLimits(deps, 'bookings', [TOO_MANY_BOOKINGS_MINUTE, TOO_MANY_BOOKINGS_DAY]);
}

/**
 * Limits on every work-day sign-up per client address, with or without an e-mail: without them
 * one address could fill every job of a day with made-up names.
 */
export function workDaySignupRateLimits(deps: RateLimitDeps): RequestHandler[] {
  return addressRateLimits(deps, 'signups', [TOO_MANY_SIGNUPS_MINUTE, TOO_MANY_SIGNUPS_DAY]);
}

function addressRateLimits(deps: RateLimitDeps, name: string, [minuteMessage, dayMessage]: readonly [string, string]): RequestHandler[] {
  const limiter = (prefix: string, windowMs: number, limit: number, message: string) =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: new AddressLimitRateStore(deps.limits, deps.clock, prefix),
      keyGenerator: (req) => clientAddressKey(req.ip),
      // A store out of reach is the booking storage out of reach: the request fails (502) rather
      // than letting unlimited bookings through.
      passOnStoreError: false,
      // The key generator does use ipKeyGenerator (in clientAddressKey), which this check cannot see.
      validate: { keyGeneratorIpFallback: false },
      handler: (_req, res) => {
        res.status(429).json({ error: message });
      },
    });
  return [limiter(`${name}-minute:`, 60_000, deps.perMinute, minuteMessage), limiter(`${name}-day:`, 24 * 3600_000, deps.perDay, dayMessage)];
}

/**
 * The booking limits of this server's settings (BOOKING_LIMIT_PER_MINUTE, BOOKING_LIMIT_PER_DAY) on
 * its address-limit store and clock. Every route that uses them counts against the same per-address
 * limits (the stores' keys are shared): bookings, waiting-list joins and sign-ups with an e-mail.
 */
export function configuredBookingRateLimits(ports: AppContainer, config: AppConfig): RequestHandler[] {
  return bookingRateLimits({ limits: ports.get('addressLimits'), clock: ports.get('clock'), ...config.bookingLimits });
}

export function configuredWorkDaySignupRateLimits(ports: AppContainer, config: AppConfig): RequestHandler[] {
  return workDaySignupRateLimits({ limits: ports.get('addressLimits'), clock: ports.get('clock'), ...config.workDaySignupLimits });
}
