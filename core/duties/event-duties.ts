import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import { isAnonymisedHolder } from './anonymised-holder';
import { ANONYMISED_NAME } from '../shared/anonymised';
import { DUTY_MESSAGES, dutyWindow, ineligibility, slotsFromTemplate, staffingLight, type DutyNeed, type DutySlot } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';
import { assignmentOf, dutiesOverlapping, memberIneligibility, requireMember, slotContext, type DutyAssignmentDeps } from './duty-assignment';
import { ApplyTemplateFormSchema, AssignDutyFormSchema, DutyNeedFormSchema, type EventRoster, type StaffingLightSchema } from './duty-forms';
import type { z } from 'zod';

export interface EventDutiesDeps extends DutyAssignmentDeps, AuditTrailDeps {
  ids: IdGenerator;
}

/**
 * An event's roster as admins with duties:write keep it: its slots (from a template, or one by
 * one), who holds them, and who could (eligible, or not and why, or busy elsewhere then); they
 * assign anyone eligible and, with a reason the audit log keeps, someone who is not.
 */
export class ManageEventDuties extends UseCase<EventDutiesDeps> {
  async roster(admin: Admin, eventId: string): Promise<EventRoster> {
    requirePermission(admin, 'duties.read');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(DUTY_MESSAGES.eventNotFound);
    const [slots, dutyTypes, templates, qualifications, held, members] = await Promise.all([
      this.deps.duties.listSlots(eventId),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.duties.listCatalogue('templates'),
      this.deps.duties.listCatalogue('qualifications'),
      this.deps.duties.listMemberQualifications(),
      this.deps.members.list(),
    ]);
    const window = dutyWindow(event);
    const busy = window ? await this.busyMembers(window) : new Set<string>();
    const nameOf = (memberId: string) =>
      members.find((m) => m.id === memberId)?.name ?? (isAnonymisedHolder(memberId) ? ANONYMISED_NAME : '(no longer a member)');
    return {
      event: { id: event.id, name: event.name, eventdatetime: event.eventdatetime, eventenddatetime: event.eventenddatetime },
      light: staffingLight(slots),
      templates: templates.map(({ id, name }) => ({ id, name })),
      dutyTypes: dutyTypes.map(({ id, name }) => ({ id, name })),
      slots: slots.map((slot) => {
        const dutyType = dutyTypes.find((type) => type.id === slot.dutyTypeId);
        const holding = new Set(slot.holders.map((h) => h.memberId));
        return {
          id: slot.id,
          dutyTypeId: slot.dutyTypeId,
          dutyTypeName: dutyType?.name ?? '(deleted duty type)',
          needed: slot.needed,
          optional: slot.optional,
          allowsSecondDuty: slot.allowsSecondDuty === true,
          holders: slot.holders.map((h) => ({ memberId: h.memberId, name: nameOf(h.memberId), overrideReason: h.overrideReason })),
          candidates: members
            .filter((member) => !holding.has(member.id) && !member.disabled)
            .map((member) => ({
              memberId: member.id,
              name: member.name,
              ineligible: window
                ? ineligibility(
                    member,
                    dutyType ?? { qualificationIds: [] },
                    held.filter((q) => q.memberId === member.id),
                    qualifications,
                    window,
                  )
                : DUTY_MESSAGES.noDate,
              busy: busy.has(member.id),
            })),
        };
      }),
    };
  }

  async applyTemplate(admin: Admin, eventId: string, form: unknown): Promise<{ added: number }> {
    const { templateId } = permittedInput(admin, 'duties.write', ApplyTemplateFormSchema, form);
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(DUTY_MESSAGES.eventNotFound);
    const template = (await this.deps.duties.listCatalogue('templates')).find((t) => t.id === templateId);
    if (!template) throw new ValidationError('Choose a template from the list', { templateId: 'Choose a template from the list' });
    const needs = slotsFromTemplate(template, await this.deps.duties.listSlots(eventId));
    // A millisecond apart, so the roster lists them in the template's order (slots are listed oldest first).
    const slots = needs.map((need, i) => this.newSlot(eventId, need, i));
    await this.deps.duties.addSlots(slots);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.template-applied',
      recordType: 'event',
      recordId: eventId,
      summary: `Applied the duty template ${template.name}: ${slots.length} ${slots.length === 1 ? 'slot' : 'slots'} added`,
      before: { dutySlots: null },
      after: { dutySlots: slots.length },
    });
    return { added: slots.length };
  }

  async addSlot(admin: Admin, eventId: string, form: unknown): Promise<DutySlot> {
    const need = permittedInput(admin, 'duties.write', DutyNeedFormSchema, form);
    if (!(await this.deps.events.get(eventId))) throw new NotFoundError(DUTY_MESSAGES.eventNotFound);
    const dutyType = (await this.deps.duties.listCatalogue('dutyTypes')).find((type) => type.id === need.dutyTypeId);
    if (!dutyType) throw new ValidationError('Choose a duty type from the list', { dutyTypeId: 'Choose a duty type from the list' });
    if ((await this.deps.duties.listSlots(eventId)).some((slot) => slot.dutyTypeId === need.dutyTypeId))
      throw new ConflictError(`This event already has a ${dutyType.name} slot`);
    const slot = this.newSlot(eventId, need);
    await this.deps.duties.addSlots([slot]);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.slot-added',
      recordType: 'event',
      recordId: eventId,
      summary: `Added a duty slot: ${need.needed} × ${dutyType.name}${need.optional ? ' (the event can run without it)' : ''}`,
      before: { slot: null },
      after: { slot: slot.id },
    });
    return slot;
  }

  async removeSlot(admin: Admin, slotId: string): Promise<void> {
    requirePermission(admin, 'duties.write');
    const slot = await this.deps.duties.getSlot(slotId);
    if (!slot) throw new NotFoundError(DUTY_MESSAGES.slotNotFound);
    await this.deps.duties.removeSlot(slotId);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.slot-removed',
      recordType: 'event',
      recordId: slot.eventId,
      summary: 'Removed a duty slot',
      before: { slot: slot.id },
      after: { slot: null },
    });
  }

  /** Assigns a member; one not eligible only with a reason (kept in the audit log). */
  async assign(admin: Admin, slotId: string, form: unknown): Promise<DutyAssignment> {
    const { memberId, overrideReason } = permittedInput(admin, 'duties.write', AssignDutyFormSchema, form);
    const member = await requireMember(this.deps, memberId);
    const context = await slotContext(this.deps, slotId);
    const reason = await memberIneligibility(this.deps, context, member);
    const override = overrideReason === null || overrideReason === '' ? null : overrideReason;
    if (reason !== null && override === null)
      throw new ValidationError(`${DUTY_MESSAGES.overrideNeedsReason} (${reason})`, { overrideReason: DUTY_MESSAGES.overrideNeedsReason });
    // A reason given for someone eligible overrides nothing: it is not kept.
    const assignment = assignmentOf(this.deps, context, member.id, reason === null ? null : override);
    await this.deps.duties.assign(assignment);
    const duty = context.dutyType?.name ?? 'a duty';
    await recordAdminAction(this.deps, admin, {
      action: assignment.overrideReason ? 'duty.assigned-override' : 'duty.assigned',
      recordType: 'duty',
      recordId: slotId,
      summary: assignment.overrideReason
        ? `Assigned ${member.name} to ${duty} at ${context.event.name}, not eligible (${reason}); reason: ${assignment.overrideReason}`
        : `Assigned ${member.name} to ${duty} at ${context.event.name}`,
      before: { memberId: null },
      after: { memberId: member.id, overrideReason: assignment.overrideReason },
    });
    return assignment;
  }

  async unassign(admin: Admin, slotId: string, memberId: string): Promise<void> {
    requirePermission(admin, 'duties.write');
    const removed = await this.deps.duties.unassign(slotId, memberId);
    if (!removed) throw new NotFoundError('This member does not hold this duty');
    const member = await this.deps.members.get(memberId);
    await recordAdminAction(this.deps, admin, {
      action: 'duty.unassigned',
      recordType: 'duty',
      recordId: slotId,
      summary: `Took ${member?.name ?? memberId} off a duty`,
      before: { memberId },
      after: { memberId: null },
    });
  }

  /** Every event's light that is not over yet (events without slots have none). */
  async lights(admin: Admin): Promise<Record<string, z.infer<typeof StaffingLightSchema>>> {
    requirePermission(admin, 'duties.lights');
    const events = await this.deps.events.listNotOverBefore(this.deps.clock.now());
    const slots = await this.deps.duties.listSlotsOfEvents(events.map((e) => e.id));
    const lights: Record<string, z.infer<typeof StaffingLightSchema>> = {};
    for (const event of events) {
      const light = staffingLight(slots.filter((slot) => slot.eventId === event.id));
      if (light) lights[event.id] = light;
    }
    return lights;
  }

  private newSlot(eventId: string, need: DutyNeed, offsetMs = 0): DutySlot {
    return {
      id: this.deps.ids.next(),
      eventId,
      dutyTypeId: need.dutyTypeId,
      needed: need.needed,
      optional: need.optional,
      allowsSecondDuty: need.allowsSecondDuty === true,
      createdAt: new Date(this.deps.clock.now().getTime() + offsetMs).toISOString(),
    };
  }

  /** The members holding a duty (of this event or another) whose time overlaps this one. */
  private async busyMembers(window: { start: string; end: string }): Promise<Set<string>> {
    return new Set((await dutiesOverlapping(this.deps, window)).map((h) => h.memberId));
  }
}
