import type { Logger } from 'pino';
import { CONFIG_API_PATH, eventIdOfApiPath, EVENTS_API_PATH } from '../../core/paths';
import { NotFoundError } from '../../core/errors';
import { GetEventForBooking } from '../../core/use-cases/get-event-for-booking';
import type { AppConfig } from '../config';
import type { AppContainer } from '../container';
import type { CalendarAnswerCache } from './calendar-answer-cache';
import { calendarText, publicConfig } from './public-routes';

/**
 * The answer to one of a members' page's first API reads (core/paths.ts pageFirstReads), made
 * by the server while it answers the page, so that the page carries it and the app asks no more;
 * undefined leaves the read to the app (a preload in the page's head, then its own request).
 */
export type FirstReadAnswer = (path: string) => Promise<unknown>;

/**
 * The reads the server answers inside the page: the club's settings (home's first screen shows
 * them), as `GET /api/config` gives them; the calendar, as `GET /api/events` sends it (the same
 * shared text); and the booking page's event, by the same use case as `GET /api/events/{id}`, so
 * the app gets what that route would send. An event that is not
 * there is left to the app (its request answers 404 and the page says so); a failure to read it
 * is logged and left to the app too (as is the settings'), so the page itself never fails for it.
 */
export function firstReadAnswers(ports: AppContainer, config: AppConfig, calendarCache: CalendarAnswerCache, logger: Logger): FirstReadAnswer {
  const read = async (path: string): Promise<unknown> => {
    if (path === CONFIG_API_PATH) return publicConfig(ports, config);
    if (path === EVENTS_API_PATH) return JSON.parse(await calendarText(ports, calendarCache)) as unknown;
    const eventId = eventIdOfApiPath(path);
    return eventId === null ? undefined : ports.useCase(GetEventForBooking).execute(eventId);
  };
  return async (path) => {
    try {
      return await read(path);
    } catch (error) {
      if (!(error instanceof NotFoundError)) logger.warn({ err: error, path }, 'A page was answered without its first read');
      return undefined;
    }
  };
}
