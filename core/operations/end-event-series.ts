import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { EventRepository } from '../events/event-repository.port';
import { SERIES_MESSAGES, thisAndLater } from '../events/event-series';
import { NotFoundError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import type { CancelEvent } from './cancel-event';

/** "End the series from this date": the first date to call off, and the reason its booked members are told. */
export const SeriesEndFormSchema = z.strictObject({ fromEventId: z.string().min(1, SERIES_MESSAGES.notInSeries).max(200), reason: z.string().max(10000) });

/** What ending a series did, over its dates. */
export interface SeriesEndResult {
  /** Dates cancelled by this call (dates cancelled before are left as they are). */
  cancelled: number;
  /** Their bookings cancelled, and of those refunded to cards, refunds refused, and to repay by hand. */
  bookingsCancelled: number;
  refunded: number;
  refundsFailed: number;
  refundsByHand: number;
}

export interface EndEventSeriesDeps {
  events: Pick<EventRepository, 'getSeries' | 'listBySeries'>;
  /** The cancellation of one event as every admin uses it: its refunds, e-mails and audit. */
  cancelEvent: Pick<CancelEvent, 'execute'>;
}

/**
 * Ending a series early (docs/events.md, "The series' page"): the chosen date and every later date
 * that stands are each cancelled as "Cancel this date" cancels one (events:cancel), so each booked
 * member is refunded and told. A refusal part way (e.g. a date over by then) leaves the dates
 * before it cancelled; ending again from the same date finishes, as cancelled dates are skipped.
 */
export class EndEventSeries extends UseCase<EndEventSeriesDeps> {
  async execute(admin: Admin, seriesId: string, form: unknown): Promise<SeriesEndResult> {
    requirePermission(admin, 'events.cancel');
    const series = await this.deps.events.getSeries(seriesId);
    if (!series) throw new NotFoundError(SERIES_MESSAGES.notFound);
    const { fromEventId, reason } = parseInput(SeriesEndFormSchema, form);
    const events = await this.deps.events.listBySeries(series.id);
    const from = events.find((event) => event.id === fromEventId);
    if (!from) throw new ValidationError(SERIES_MESSAGES.notInSeries, { fromEventId: SERIES_MESSAGES.notInSeries });
    const result: SeriesEndResult = { cancelled: 0, bookingsCancelled: 0, refunded: 0, refundsFailed: 0, refundsByHand: 0 };
    for (const event of thisAndLater(events, from).filter((e) => e.cancelledAt === null)) {
      const done = await this.deps.cancelEvent.execute(admin, event.id, { reason });
      result.cancelled += 1;
      result.bookingsCancelled += done.cancelled;
      result.refunded += done.refunded;
      result.refundsFailed += done.refundsFailed;
      result.refundsByHand += done.refundsByHand;
    }
    return result;
  }
}
