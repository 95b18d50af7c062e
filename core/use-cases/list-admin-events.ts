import type { Admin } from '../entities/admin';
import type { ClubEvent } from '../entities/event';
import { requirePermission } from '../domain/permissions';
import type { EventRepository } from '../ports/event-repository';
import { UseCase } from './use-case';

export interface ListAdminEventsDeps {
  events: EventRepository;
}

/** Every event for the admin list, latest date first (undated last). */
export class ListAdminEvents extends UseCase<ListAdminEventsDeps> {
  async execute(admin: Admin): Promise<ClubEvent[]> {
    requirePermission(admin, 'events.list');
    return this.deps.events.list({ order: 'desc' });
  }
}
