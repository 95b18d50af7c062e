import type { Admin } from '../entities/admin';
import type { ClubEvent } from '../entities/event';
import { eventToFormValues, type EventFormValues } from '../domain/event-form';
import { requirePermission } from '../domain/permissions';
import type { EventRepository } from '../ports/event-repository';
import { EVENT_NOT_FOUND } from '../messages';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

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
