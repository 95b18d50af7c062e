import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { eventToFormValues, type EventFormValues } from './event-form';
import { requirePermission } from '../admins/permissions';
import type { EventRepository } from './event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';

export interface GetAdminEventDeps {
  events: EventRepository;
}

/** One event for the admin, with the values its edit form opens with. */
export class GetAdminEvent extends UseCase<GetAdminEventDeps> {
  async execute(admin: Admin, eventId: string): Promise<{ event: ClubEvent; form: EventFormValues }> {
    requirePermission(admin, 'events.list');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    return { event, form: eventToFormValues(event) };
  }
}
