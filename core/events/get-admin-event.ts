import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { eventToFormValues, type EventFormValues } from './event-form';
import { requirePermission } from '../admins/permissions';
import { NotFoundError } from '../shared/errors';
import type { EventRepository } from './event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';

export interface GetAdminEventDeps {
  events: EventRepository;
}

/** One event for the admin, with the values its edit form opens with. */
export class GetAdminEvent {
  constructor(private readonly deps: GetAdminEventDeps) {}

  async execute(admin: Admin, eventId: string): Promise<{ event: ClubEvent; form: EventFormValues }> {
    requirePermission(admin, 'events.list');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
    return { event, form: eventToFormValues(event) };
  }
}
