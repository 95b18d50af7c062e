import type { RequestHandler } from 'express';

/** How long a calendar answer may be served again when nothing was written meanwhile. */
export const CALENDAR_ANSWER_MS = 1000;

/**
 * The serialised answer of GET /api/events, shared by every request for a short while: the
 * calendar is the same for every visitor, and building it (events, places left, today's date)
 * costs more than sending it. Any state-changing API request that finishes (a booking, a
 * payment, an admin's edit) makes the next answer fresh; the short lifetime covers what changes
 * with time alone (a booking deadline passing, a held place released) and writes by other
 * processes (the admin command line).
 */
export class CalendarAnswerCache {
  private version = 0;
  private cached: { body: string; version: number; at: number } | null = null;
  private building: { version: number; body: Promise<string> } | null = null;

  constructor(
    private readonly now: () => number,
    /** How long an answer stands when nothing was written (the calendar feed keeps its text longer). */
    private readonly lifetimeMs = CALENDAR_ANSWER_MS,
  ) {}

  /** Express middleware: counts finished state-changing requests. */
  readonly watchWrites: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      // Both ends: an answer being built while the change is under way is not kept for later.
      this.changed();
      res.on('close', () => this.changed());
    }
    next();
  };

  changed(): void {
    this.version += 1;
  }

  /** The answer as text: JSON unless another `serialise` is given (the feed is text already). */
  async answer<T>(build: () => Promise<T>, serialise: (value: T) => string = JSON.stringify): Promise<string> {
    const now = this.now();
    const c = this.cached;
    // A clock that went back (a test's fixed clock, or a corrected system clock) is a change too.
    if (c && c.version === this.version && now >= c.at && now - c.at < this.lifetimeMs) return c.body;
    // Requests arriving while an answer is built wait for that one instead of building their own,
    // unless something changed since it was started.
    if (this.building?.version !== this.version) {
      const version = this.version;
      const at = now;
      const body = (async () => serialise(await build()))();
      const building = { version, body };
      this.building = building;
      body
        .then((text) => {
          if (!this.cached || this.cached.version <= version) this.cached = { body: text, version, at };
        })
        .catch(() => undefined)
        .finally(() => {
          if (this.building === building) this.building = null;
        });
    }
    return this.building!.body;
  }
}
