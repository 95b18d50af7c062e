import type { WorkDayWithCounts } from '../entities/work-day';
import { withVolunteerCounts } from '../domain/work-days';
import type { WorkDayRepository } from '../ports/work-day-repository';

export interface ListWorkDaysDeps {
  workDays: WorkDayRepository;
}

/** The active work days, date ascending, with their volunteer counts. */
export class ListWorkDays {
  constructor(private readonly deps: ListWorkDaysDeps) {}

  async execute(): Promise<WorkDayWithCounts[]> {
    const active = (await this.deps.workDays.list()).filter((w) => w.active);
    return Promise.all(active.map(async (w) => withVolunteerCounts(w, await this.deps.workDays.listSignups(w.id))));
  }
}
