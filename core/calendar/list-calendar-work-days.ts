import { isInCalendarFeed } from './calendar-feed';
import { startOfLondonDay } from '../shared/london-time';
import { isWorkDayOnCalendar, workDayIcsEvent } from '../work-days/work-day-mail';
import type { CalendarWorkDay } from './calendar-work-day';
import type { Clock } from '../shared/clock.port';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';

export interface ListCalendarWorkDaysDeps {
  workDays: WorkDayRepository;
  clock: Clock;
}

/**
 * The calendar page's work days: active, dated and not over before today (the events' rule: a
 * day that starts at London midnight lasts the day, another 3 hours), date ascending.
 */
export class ListCalendarWorkDays {
  constructor(private readonly deps: ListCalendarWorkDaysDeps) {}

  async execute(): Promise<CalendarWorkDay[]> {
    const today = startOfLondonDay(this.deps.clock.now());
    return (await this.deps.workDays.list())
      .filter((w) => isWorkDayOnCalendar(w) && isInCalendarFeed(workDayIcsEvent(w), today))
      .map((w) => ({ id: w.id, name: w.name, description: w.description, date: w.date!, foodAvailable: w.foodAvailable }));
  }
}
