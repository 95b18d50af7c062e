import type { WorkDayWithCounts } from './work-day';
import { isOpenToMembers, withVolunteerCounts } from './work-days';
import type { WorkDayRepository } from './work-day-repository.port';

export interface ListWorkDaysDeps {
  workDays: WorkDayRepository;
}

/** The work days open to members (active, not archived), date ascending, with their volunteer counts. */
export class ListWorkDays {
  constructor(private readonly deps: ListWorkDaysDeps) {}

  async execute(): Promise<WorkDayWithCounts[]> {
    const active = (await this.deps.workDays.list()).filter(isOpenToMembers);
    return Promise.all(active.map(async (w) => withVolunteerCounts(w, await this.deps.workDays.listSignups(w.id))));
  }
}
