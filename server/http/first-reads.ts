import type { Logger } from 'pino';
import { eventIdOfApiPath } from '../../core/paths';
import { NotFoundError } from '../../core/errors';
import { GetEventForBooking } from '../../core/use-cases/get-event-for-booking';
import type { AppContainer } from '../container';

/**
 * The answer to one of a members' page's first API reads (core/paths.ts pageFirstReads), made
 * by the server while it answers the page, so that the page carries it and the app asks no more;
 * undefined leaves the read to the app (a preload in the page's head, then its own request).
 */
export type FirstReadAnswer = (path: string) => Promise<unknown>;

/**
 * The reads the server answers inside the page: the booking page's event, by the same use case
 * as `GET /api/events/{id}`, so the app gets what that route would send. An event that is not
 * there is left to the app (its request answers 404 and the page says so); a failure to read it
 * is logged and left to the app too, so the page itself never fails for it.
 */
export function firstReadAnswers(ports: AppContainer, logger: Logger): FirstReadAnswer {
  return async (path) => {
    const eventId = eventIdOfApiPath(path);
    if (eventId === null) return undefined;
    try {
      return await ports.useCase(GetEventForBooking).execute(eventId);
    } catch (error) {
      if (!(error instanceof NotFoundError)) logger.warn({ err: error, path }, 'A page was answered without its first read');
      return undefined;
    }
  };
}
