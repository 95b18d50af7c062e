import type { Admin } from '../admins/admin';
import type { ClubEvent } from './event';
import { requirePermission } from '../admins/permissions';
import type { EventRepository } from './event-repository.port';

export interface ListAdminEventsDeps {
  events: EventRepository;
}

/** Every event for the admin list, latest date first (undated last). */
export class ListAdminEvents {
  constructor(private readonly deps: ListAdminEventsDeps) {}

  async execute(admin: Admin): Promise<ClubEvent[]> {
    requirePermission(admin, 'events.list');
    return this.deps.events.list({ order: 'desc' });
  }
}
