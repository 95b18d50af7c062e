import type { Admin } from '../admins/admin';
import { permittedChange } from '../admins/admin-record';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import type { EventRepository } from '../events/event-repository.port';
import { ValidationError } from '../shared/errors';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import { DEFAULT_CONDITIONS_LIMITS } from './conditions-limits';
import type { ConditionsRepository } from './conditions-repository.port';
import { EventKindRequestSchema, GO_NO_GO_MESSAGES } from './conditions-schema';

export interface SetEventKindDeps extends AuditTrailDeps {
  events: Pick<EventRepository, 'get'>;
  conditions: Pick<ConditionsRepository, 'getLimits' | 'changeEvent'>;
}

/** An admin (events:write) chooses which kind of event's limits an event is judged by (null: the default kind). */
export class SetEventKind extends UseCase<SetEventKindDeps> {
  async execute(admin: Admin, eventId: string, request: unknown): Promise<void> {
    const {
      input: { kind },
      record: event,
    } = await permittedChange(admin, 'events.update', { schema: EventKindRequestSchema, request }, () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const limits = (await this.deps.conditions.getLimits()) ?? DEFAULT_CONDITIONS_LIMITS;
    if (kind !== null && !limits.kinds.some((k) => k.id === kind))
      throw new ValidationError(GO_NO_GO_MESSAGES.unknownKind, { kind: GO_NO_GO_MESSAGES.unknownKind });
    // Set in one step with the event's record, so a decision recorded meanwhile is kept.
    let before: string | null = null;
    await this.deps.conditions.changeEvent(eventId, (record) => {
      before = record.kind;
      return { ...record, kind };
    });
    if (before === kind) return;
    await recordAdminAction(this.deps, admin, {
      action: 'conditions.kind-set',
      recordType: 'event',
      recordId: event.id,
      summary: `Judged the event ${event.name} by the limits of ${kind ?? 'the default kind'}`,
      before: { conditionsKind: before },
      after: { conditionsKind: kind },
    });
  }
}
