import { queuePush, withPush, type QueuePushDeps } from '../push/queue-push';
import { dutySwapAskedPush } from '../push/push-notifications';
import { londonDayTimeText } from '../shared/london-time';
import type { AdminRepository } from '../admins/admin-repository.port';
import { hasPermission } from '../admins/permissions';
import type { AuditTrailDeps } from '../audit/audit-trail';
import type { Member } from '../members/member';
import type { Outbox } from '../mail/outbox.port';
import { newOutboxMessage } from '../mail/outbox';
import { PATHS } from '../shared/paths';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { DUTY_MESSAGES } from './duties';
import { type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';
import { assignmentOf, dutiesOverlapping, memberIneligibility, slotContext, type DutyAssignmentDeps, type SlotContext } from './duty-assignment';
import { AskSwapFormSchema, TRANSFER_CANDIDATES_SHOWN, TransferCandidatesQuerySchema, type SwapView, type TransferCandidates } from './duty-swap-forms';
import { nameMatches, rotaName } from './duty-rota';
import { DUTY_SWAP_REQUEST_KIND, DUTY_SWAP_TAKEN_KIND, swapRequestMail, swapTakenMail } from './duty-swap-mail';
import type { DutySwapRepository } from './duty-swap-repository.port';
import {
  MAX_SWAP_ASKS_PER_DAY,
  SWAP_ASK_WINDOW_MS,
  SWAP_AUDIT_SUMMARIES,
  SWAP_MESSAGES,
  UNKNOWN_SWAP_MEMBER,
  liveSwapOf,
  swapAcceptRefusal,
  swapStillHeld,
  swapAskLimitKey,
  swapAuditChanges,
  swapRecipients,
  swapRequestMailId,
  swapWindowNow,
  type DutySwap,
  type SwapAuditNames,
} from './duty-swaps';

/**
 * The most request e-mails written in the same write as the request (a Firestore transaction takes
 * 500 writes); a duty any member may take can be offered to more, written just after it, each once.
 */
export const SWAP_MAIL_WITH_THE_REQUEST = 400;

export interface DutySwapDeps extends DutyAssignmentDeps, AuditTrailDeps {
  /** Also writes each request's and handover's e-mails, with the change they tell of. */
  dutySwaps: DutySwapRepository;
  /** Where a request's e-mails beyond SWAP_MAIL_WITH_THE_REQUEST go, just after it (each once). */
  outbox: Pick<Outbox, 'addOnce'>;
  /** Members' push devices and the push outbox: each e-mail below goes to their chosen devices too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  admins: AdminRepository;
  /** Counts each member's swap requests, MAX_SWAP_ASKS_PER_DAY at most. */
  addressLimits: AddressLimitStore;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** The page where a member sees a swap request and accepts it (the e-mail's link). */
export function swapPath(swapId: string): string {
  return `${PATHS.duties}?${new URLSearchParams({ swap: swapId }).toString()}`;
}

/** Whether a duty type's name says it is the event's officer ("Race officer", "Officer of the day"). */
export function isOfficerDuty(name: string): boolean {
  return /\bofficer\b/i.test(name);
}

/**
 * Swaps (docs/duties.md): a member who cannot do a duty asks for a swap, e-mailed only to the
 * members eligible for it and free then (or a direct transfer to one named member); the first to
 * accept takes it, atomically; both members and the event's officer are told; the audit log has it.
 */
export class DutySwaps extends UseCase<DutySwapDeps> {
  async ask(member: Member, slotId: string, form: unknown): Promise<{ swap: SwapView; offeredTo: number }> {
    const { toMemberId } = parseInput(AskSwapFormSchema, form);
    const held = await this.heldDuty(member.id, slotId);
    const context = await slotContext(this.deps, slotId);
    const candidates = await this.candidates(context, held.window, member.id);
    let recipients = candidates;
    if (toMemberId !== null) {
      recipients = candidates.filter((c) => c.member.id === toMemberId);
      if (recipients.length === 0) throw new ValidationError(SWAP_MESSAGES.notEligibleTransfer, { toMemberId: SWAP_MESSAGES.notEligibleTransfer });
    }
    const now = this.deps.clock.now();
    // Counted once the request is known to be good (an open one for the duty is refused uncounted), and taken back when storing refuses it.
    // A request left open from a holding since released (the member left the rosters, or an event's
    // move released them) offers nothing (swapStillHeld): it is withdrawn, not counted as asked.
    const asked = (await this.deps.dutySwaps.listOpenOf(member.id)).filter((open) => open.slotId === slotId);
    for (const stale of asked.filter((open) => !swapStillHeld(open, { holders: [held] }))) await this.deps.dutySwaps.withdraw(stale.id);
    if (asked.some((open) => swapStillHeld(open, { holders: [held] }))) throw new ConflictError(SWAP_MESSAGES.alreadyAsked);
    const limitKey = swapAskLimitKey(member.id);
    if ((await this.deps.addressLimits.hit(limitKey, SWAP_ASK_WINDOW_MS, now)).hits > MAX_SWAP_ASKS_PER_DAY)
      throw new RateLimitError(SWAP_MESSAGES.tooManyAsks);
    const swap: DutySwap = {
      id: this.deps.ids.next(),
      slotId,
      eventId: held.eventId,
      fromMemberId: member.id,
      toMemberId,
      window: held.window,
      createdAt: now.toISOString(),
      status: 'open',
      takenBy: null,
      takenAt: null,
    };
    const dutyName = context.dutyType?.name ?? 'Duty';
    const url = `${this.deps.siteSettings.publicBaseUrl}${swapPath(swap.id)}`;
    const push = dutySwapAskedPush({ name: dutyName, dateText: londonDayTimeText(new Date(held.window.start)) });
    // One e-mail per member about this duty, written with the request (a member told at an earlier
    // request is not written to again: swapRequestMailId); each carries its push, queued by the
    // sender should this stop before the pushes below.
    const asking = recipients.map(({ member: to }) => {
      const mail = swapRequestMail(to, {
        dutyName,
        eventName: context.event.name,
        window: held.window,
        clubName: this.deps.siteSettings.clubName,
        askedBy: member.name,
        direct: toMemberId !== null,
        url,
      });
      const id = swapRequestMailId(swap, to.id);
      return { to, id, message: withPush(newOutboxMessage(id, DUTY_SWAP_REQUEST_KIND, swap.id, mail, now), to.id, id, push) };
    });
    try {
      await this.deps.dutySwaps.create(
        swap,
        asking.slice(0, SWAP_MAIL_WITH_THE_REQUEST).map((a) => a.message),
      );
    } catch (error) {
      await this.deps.addressLimits.unhit(limitKey);
      throw error;
    }
    for (const { message } of asking.slice(SWAP_MAIL_WITH_THE_REQUEST)) await this.deps.outbox.addOnce(message);
    // Under the e-mail's id: a request asked again pushes no second notification to a device.
    for (const { to, id } of asking) await queuePush(this.deps, to.id, id, push);
    if (toMemberId === null)
      await this.audit(swap, 'duty.swap-requested', SWAP_AUDIT_SUMMARIES.requested(member.name, dutyName, context.event.name, recipients.length), {
        member: member.name,
      });
    else {
      const to = recipients[0]!.member.name;
      await this.audit(swap, 'duty.transfer-requested', SWAP_AUDIT_SUMMARIES.transfer(member.name, to, dutyName, context.event.name), {
        member: member.name,
        other: to,
      });
    }
    return { swap: await this.viewOf(swap, member, context), offeredTo: recipients.length };
  }

  /**
   * The members a direct transfer of the member's duty may name (eligible for it and free then)
   * whose name answers `query.name`: only to the member holding it, at most
   * TRANSFER_CANDIDATES_SHOWN, named as the rota names members.
   */
  async transferCandidates(member: Member, slotId: string, query: unknown): Promise<TransferCandidates> {
    const { name } = parseInput(TransferCandidatesQuerySchema, query, 'query');
    const held = await this.heldDuty(member.id, slotId);
    const context = await slotContext(this.deps, slotId);
    const found = (await this.candidates(context, held.window, member.id))
      .filter(({ member: m }) => nameMatches(m.name, name))
      .map(({ member: m }) => ({ memberId: m.id, name: rotaName(m.name), fullName: m.name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.fullName.localeCompare(b.fullName));
    return {
      candidates: found.slice(0, TRANSFER_CANDIDATES_SHOWN).map(({ memberId, name: shown }) => ({ memberId, name: shown })),
      more: found.length > TRANSFER_CANDIDATES_SHOWN,
    };
  }

  async view(member: Member, swapId: string): Promise<SwapView> {
    const swap = await this.requireSwap(swapId);
    return this.viewOf(swap, member, await slotContext(this.deps, swap.slotId));
  }

  async accept(member: Member, swapId: string): Promise<SwapView> {
    const swap = await this.requireSwap(swapId);
    const context = await slotContext(this.deps, swap.slotId);
    const refusal = await this.refusalFor(swap, member, context);
    if (refusal !== null) throw new ConflictError(refusal);
    const from = await this.deps.members.get(swap.fromMemberId);
    const dutyName = context.dutyType?.name ?? 'Duty';
    const fromName = from?.name ?? UNKNOWN_SWAP_MEMBER;
    const told = [
      ...(from ? [{ person: from, key: from.id, role: 'from' as const }] : []),
      { person: member, key: member.id, role: 'taker' as const },
      ...(await this.officers(context, [swap.fromMemberId, member.id])).map((person) => ({ person, key: person.key, role: 'officer' as const })),
    ];
    const now = this.deps.clock.now();
    // Written with the handover, so both members and the officers hear of it whatever happens next.
    const mail = told.map(({ person, key, role }) =>
      newOutboxMessage(
        `duty-swap-taken-${swap.id}-${role}-${key}`,
        DUTY_SWAP_TAKEN_KIND,
        swap.id,
        swapTakenMail(person, {
          dutyName,
          eventName: context.event.name,
          window: swapWindowNow(swap, context.slot),
          clubName: this.deps.siteSettings.clubName,
          from: fromName,
          taker: member.name,
          role,
        }),
        now,
      ),
    );
    const taken = await this.deps.dutySwaps.accept(swap.id, assignmentOf(this.deps, context, member.id, null), mail);
    await this.audit(taken, 'duty.swap-taken', SWAP_AUDIT_SUMMARIES.taken(member.name, dutyName, context.event.name, fromName), {
      member: member.name,
      other: fromName,
    });
    return this.viewOf(taken, member, context);
  }

  async withdraw(member: Member, swapId: string): Promise<void> {
    // This very request, not the one it gave way to (requireSwap): the member withdraws what they name.
    const swap = await this.deps.dutySwaps.get(swapId);
    if (!swap) throw new NotFoundError(SWAP_MESSAGES.notFound);
    if (swap.fromMemberId !== member.id) throw new NotFoundError(SWAP_MESSAGES.notFound);
    if (!(await this.deps.dutySwaps.withdraw(swapId))) throw new ConflictError(swap.status === 'taken' ? SWAP_MESSAGES.taken : SWAP_MESSAGES.withdrawn);
    await this.audit(swap, 'duty.swap-withdrawn', SWAP_AUDIT_SUMMARIES.withdrawn(member.name), { member: member.name });
  }

  /** The swap a link names, as it now stands: a withdrawn one asked for again since is the new request (liveSwapOf). */
  private async requireSwap(swapId: string): Promise<DutySwap> {
    const swap = await this.deps.dutySwaps.get(swapId);
    if (!swap) throw new NotFoundError(SWAP_MESSAGES.notFound);
    return swap.status === 'withdrawn' ? liveSwapOf(swap, await this.deps.dutySwaps.listOpenOf(swap.fromMemberId)) : swap;
  }

  /** The member's duty on the slot, still to start; NotFoundError or ConflictError otherwise. */
  private async heldDuty(memberId: string, slotId: string): Promise<DutyAssignment> {
    const held = (await this.deps.duties.listMemberDuties(memberId)).find((duty) => duty.slotId === slotId);
    if (!held) throw new NotFoundError(DUTY_MESSAGES.notHolding);
    if (Date.parse(held.window.start) <= this.deps.clock.now().getTime()) throw new ConflictError(DUTY_MESSAGES.started);
    return held;
  }

  /** Why this member cannot take the swap now, or null (the storage checks the holders again, atomically). */
  private async refusalFor(swap: DutySwap, member: Member, context: SlotContext): Promise<string | null> {
    if (Date.parse(swapWindowNow(swap, context.slot).start) <= this.deps.clock.now().getTime()) return DUTY_MESSAGES.started;
    const [duties, ineligible] = await Promise.all([this.deps.duties.listMemberDuties(member.id), memberIneligibility(this.deps, context, member)]);
    const refusal = swapAcceptRefusal(swap, context.slot, duties, member.id);
    if (refusal !== null) return refusal;
    return ineligible === null ? null : `${DUTY_MESSAGES.notEligible}: ${ineligible}`;
  }

  /** Every member but `exceptId` who may take the duty then: eligible on its dates and free (core rule swapRecipients). */
  private async candidates(context: SlotContext, window: DutyWindow, exceptId: string) {
    const [members, held] = await Promise.all([this.deps.members.list(), this.deps.duties.listMemberQualifications()]);
    const duties = await dutiesOverlapping(this.deps, window);
    const all = members.map((member) => ({
      member,
      held: held.filter((q) => q.memberId === member.id),
      duties: duties.filter((d) => d.memberId === member.id),
    }));
    return swapRecipients({ fromMemberId: exceptId, slotId: context.slot.id, window }, context.dutyType ?? { qualificationIds: [] }, all);
  }

  /** The event's officer: the holders of its officer duty (by name) besides those told already, else the admins who manage duties. */
  private async officers(context: SlotContext, told: readonly string[]): Promise<{ key: string; name: string; email: string }[]> {
    const [slots, dutyTypes] = await Promise.all([this.deps.duties.listSlots(context.event.id), this.deps.duties.listCatalogue('dutyTypes')]);
    const officerSlots = slots.filter((slot) => isOfficerDuty(dutyTypes.find((t) => t.id === slot.dutyTypeId)?.name ?? ''));
    if (officerSlots.length > 0 && officerSlots.some((slot) => slot.holders.length > 0)) {
      const ids = [...new Set(officerSlots.flatMap((slot) => slot.holders.map((h) => h.memberId)))].filter((id) => !told.includes(id));
      return (await Promise.all(ids.map((id) => this.deps.members.get(id))))
        .filter((m): m is Member => m !== null)
        .map((m) => ({ key: m.id, name: m.name, email: m.email }));
    }
    return (await this.deps.admins.list())
      .filter((admin) => !admin.disabled && hasPermission(admin, 'duties:write'))
      .map((admin) => ({ key: admin.uid, name: admin.name, email: admin.email }));
  }

  private async viewOf(swap: DutySwap, member: Member, context: SlotContext): Promise<SwapView> {
    const from = swap.fromMemberId === member.id ? member : await this.deps.members.get(swap.fromMemberId);
    const yours = swap.fromMemberId === member.id;
    return {
      id: swap.id,
      slotId: swap.slotId,
      dutyTypeName: context.dutyType?.name ?? 'Duty',
      eventId: context.event.id,
      eventName: context.event.name,
      start: swapWindowNow(swap, context.slot).start,
      end: swapWindowNow(swap, context.slot).end,
      status: swap.status,
      fromName: from?.name ?? UNKNOWN_SWAP_MEMBER,
      direct: swap.toMemberId !== null,
      yours,
      refusal: yours ? SWAP_MESSAGES.ownSwap : await this.refusalFor(swap, member, context),
    };
  }

  private async audit(swap: DutySwap, action: string, summary: string, names: SwapAuditNames): Promise<void> {
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: this.deps.clock.now().toISOString(),
        actor: { kind: 'member' },
        action,
        recordType: 'duty',
        recordId: swap.slotId,
        summary,
        changes: swapAuditChanges(swap, names),
      },
    ]);
  }
}
