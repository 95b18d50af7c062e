import { permittedInput } from '../admins/admin-record';
import type { HouseholdPerson } from './household';
import { memberAsAttendee } from './household';
import {
  contactOf,
  HOUSEHOLD_INVITATION_WINDOW_MS,
  HOUSEHOLD_MEMBER_MESSAGES,
  householdInvitationLimitKey,
  invitationEmail,
  invitationLapsed,
  MAX_HOUSEHOLD_INVITATIONS,
  MAX_HOUSEHOLD_INVITATIONS_PER_DAY,
  sameInvitee,
  type HouseholdInvitation,
  MAX_HOUSEHOLD_MEMBERS,
  mayChangeHousehold,
  type HouseholdActor,
  type HouseholdMemberAction,
  type HouseholdMembership,
  type JoinOutcome,
} from './household-membership';
import type { HouseholdRepository } from './household-repository.port';
import { isMembershipCurrent, type Member } from './member';
import { londonDate } from '../shared/london-time';
import type { MemberRepository } from './member-repository.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { ConflictError, NotFoundError, PermissionError, RateLimitError } from '../shared/errors';
import type { AddressLimitStore } from '../shared/address-limit-store.port';
import type { Outbox } from '../mail/outbox.port';
import { newOutboxMessage } from '../mail/outbox';
import { HOUSEHOLD_INVITATION_KIND, householdInvitationMail, householdInvitationMailId } from './household-invitation-mail';
import { fieldsError, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { HouseholdMemberChoiceSchema, HouseholdMemberEmailFormSchema, invitationFormErrors, type AdminHousehold, type MyHousehold } from './household-views';
import { requirePermission } from '../admins/permissions';
import { MEMBER_FORM_MESSAGES } from './member-form';
import type { Admin } from '../admins/admin';

export interface HouseholdDeps {
  households: HouseholdRepository;
}

/** The member's household's id, or null when they are in none. */
export async function householdIdOf(deps: HouseholdDeps, memberId: string): Promise<string | null> {
  return (await deps.households.membershipOf(memberId))?.householdId ?? null;
}

/** The dependants of the member's household (every member of it sees and books for them); none without one. */
export async function dependantsOf(deps: HouseholdDeps, memberId: string): Promise<HouseholdPerson[]> {
  const householdId = await householdIdOf(deps, memberId);
  return householdId === null ? [] : deps.households.listForMember(householdId);
}

/**
 * The household the member may change as `action`: theirs, when the rule lets them; a member in
 * none starts one of their own (they become its contact). Refused: 403 with the rule's message.
 */
export async function householdForChange(
  deps: HouseholdDeps & { clock: Clock; ids: IdGenerator },
  memberId: string,
  action: HouseholdMemberAction,
): Promise<string> {
  for (let tries = 0; tries < 3; tries += 1) {
    const membership = await deps.households.membershipOf(memberId);
    if (membership) {
      const members = await deps.households.membersOf(membership.householdId);
      if (!mayChangeHousehold({ kind: 'member', memberId }, action, members)) throw new PermissionError(HOUSEHOLD_MEMBER_MESSAGES.notContact);
      return membership.householdId;
    }
    const householdId = deps.ids.next();
    // Another request may have put them in a household meanwhile: read again.
    if ((await deps.households.join({ householdId, memberId, at: deps.clock.now().toISOString() }, MAX_HOUSEHOLD_MEMBERS)) === 'joined') return householdId;
  }
  throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.inAHousehold);
}

/**
 * The household whose dependants the member manages: theirs, when they are its contact (403
 * otherwise); a member in none has no dependants to change (404 as a person not found).
 */
export async function managedHousehold(deps: HouseholdDeps, memberId: string, notFound: string): Promise<string> {
  const membership = await deps.households.membershipOf(memberId);
  if (!membership) throw new NotFoundError(notFound);
  if (!membership.contact) throw new PermissionError(HOUSEHOLD_MEMBER_MESSAGES.notContact);
  return membership.householdId;
}

/** The listed, enabled member with this e-mail; or the field's refusal. */
async function memberByEmail(members: MemberRepository, form: unknown): Promise<Member> {
  const { email } = parseInput(HouseholdMemberEmailFormSchema, form);
  if (email.trim() === '') throw fieldsError({ email: HOUSEHOLD_MEMBER_MESSAGES.emailRequired });
  const found = await members.getByEmail(email.trim());
  if (!found || found.disabled) throw fieldsError({ email: HOUSEHOLD_MEMBER_MESSAGES.noSuchMember });
  return found;
}

/** The members of a household with their names (a member no longer on the list shows as such). */
async function namedMembers(
  members: MemberRepository,
  list: readonly HouseholdMembership[],
): Promise<{ membership: HouseholdMembership; member: Member | null }[]> {
  return Promise.all(list.map(async (membership) => ({ membership, member: await members.get(membership.memberId) })));
}

const NO_LONGER_LISTED = '(no longer a member)';

export interface MyHouseholdDeps extends HouseholdDeps {
  members: MemberRepository;
}

/** My club's household: its members (the contact marked), dependants, and the invitations waiting. */
export class GetMyHousehold extends UseCase<MyHouseholdDeps & { clock: Clock }> {
  async execute(member: Pick<Member, 'id'>): Promise<MyHousehold> {
    const { households, members } = this.deps;
    const today = londonDate(this.deps.clock.now());
    const membership = await households.membershipOf(member.id);
    const mine = membership ? await households.membersOf(membership.householdId) : [];
    const invitations = await households.invitationsFor(member.id);
    const from = await Promise.all(
      invitations.map(async (invitation) => {
        const contact = contactOf(await households.membersOf(invitation.householdId));
        const name = contact ? ((await members.get(contact.memberId))?.name ?? NO_LONGER_LISTED) : NO_LONGER_LISTED;
        return { id: invitation.id, from: name };
      }),
    );
    const isContact = membership === null || membership.contact;
    const invited = membership && isContact ? await households.invitationsOf(membership.householdId) : [];
    return {
      householdId: membership?.householdId ?? null,
      contact: isContact,
      members: (await namedMembers(members, mine)).map(({ membership: m, member: listed }) => ({
        memberId: m.memberId,
        name: listed?.name ?? NO_LONGER_LISTED,
        contact: m.contact,
        you: m.memberId === member.id,
        kind: listed ? memberAsAttendee(listed, listed.updatedAt).kind : 'adult',
        membershipCurrent: listed !== null && isMembershipCurrent(listed, today),
      })),
      people: membership ? await households.listForMember(membership.householdId) : [],
      invitations: from,
      invited: await Promise.all(
        invited.map(async (i) => ({ id: i.id, email: i.email ?? (i.memberId === null ? null : (await members.get(i.memberId))?.email) ?? NO_LONGER_LISTED })),
      ),
    };
  }
}

export interface InviteToHouseholdDeps extends MyHouseholdDeps {
  clock: Clock;
  ids: IdGenerator;
}

export interface SendHouseholdInvitationDeps extends InviteToHouseholdDeps {
  outbox: Outbox;
  addressLimits: AddressLimitStore;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** The e-mail an invitation is sent to, checked: trimmed, lower case; or the field's refusal. */
function invitedEmail(form: unknown): string {
  const parsed = parseInput(HouseholdMemberEmailFormSchema, form);
  const errors = invitationFormErrors(parsed);
  if (errors.email !== undefined) throw fieldsError(errors);
  return invitationEmail(parsed.email);
}

/**
 * The contact invites someone, by e-mail, into their household (a member in none starts one and
 * is its contact); the invited member gets an e-mail and accepts on My club. The answer is the same
 * whether or not the e-mail is a member's: one that is none is stored all the same, listed for the
 * contact to withdraw, and never deliverable (docs/members-households.md#invitations). A member
 * sends at most MAX_HOUSEHOLD_INVITATIONS_PER_DAY (429 beyond).
 */
export class InviteToHousehold extends UseCase<SendHouseholdInvitationDeps> {
  async execute(member: Pick<Member, 'id' | 'email'>, form: unknown): Promise<{ invitationId: string }> {
    const email = invitedEmail(form);
    if (email === invitationEmail(member.email)) throw fieldsError({ email: HOUSEHOLD_MEMBER_MESSAGES.yourself });
    const now = this.deps.clock.now();
    const { hits } = await this.deps.addressLimits.hit(householdInvitationLimitKey(member.id), HOUSEHOLD_INVITATION_WINDOW_MS, now);
    if (hits > MAX_HOUSEHOLD_INVITATIONS_PER_DAY) throw new RateLimitError(HOUSEHOLD_MEMBER_MESSAGES.tooManySent);
    const householdId = await householdForChange(this.deps, member.id, 'invite');
    const found = await this.deps.members.getByEmail(email);
    const invitee = found && !found.disabled ? found : null;
    // A member of this household already: the contact knows who is in it, so saying so tells nothing.
    if (invitee && (await this.deps.households.membershipOf(invitee.id))?.householdId === householdId)
      throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.inAHousehold);
    // Lapsed invitations wait only for the nightly run to delete them: they neither count against
    // the household's limit nor stand in the way of inviting the same person again.
    for (const lapsed of (await this.deps.households.invitationsOf(householdId)).filter((i) => invitationLapsed(i, now)))
      await this.deps.households.removeInvitation(lapsed.id);
    const invitation = { id: this.deps.ids.next(), householdId, memberId: invitee?.id ?? null, email, invitedBy: member.id, createdAt: now.toISOString() };
    const outcome = await this.deps.households.addInvitation(invitation, MAX_HOUSEHOLD_INVITATIONS);
    if (outcome === 'too-many') throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.tooManyInvitations);
    if (outcome === 'already-invited') {
      // Asked again (a retry after a failure, say): the waiting invitation's e-mail is written if it
      // was not, never twice (addOnce), before the same refusal for either kind of e-mail.
      const waiting = (await this.deps.households.invitationsOf(householdId)).find((i) => sameInvitee(i, invitation));
      if (waiting) await this.mail(waiting, member.id, now);
      throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.alreadyInvited);
    }
    await this.mail(invitation, member.id, now);
    return { invitationId: invitation.id };
  }

  /** Writes the invitation's e-mail to the outbox, once; an invitation without a member gets none. */
  private async mail(invitation: HouseholdInvitation, fromId: string, now: Date): Promise<void> {
    if (invitation.memberId === null) return;
    const [to, from] = await Promise.all([this.deps.members.get(invitation.memberId), this.deps.members.get(fromId)]);
    if (!to || to.disabled) return;
    const mail = householdInvitationMail(to, { from: from?.name ?? NO_LONGER_LISTED, ...this.deps.siteSettings });
    await this.deps.outbox.addOnce(newOutboxMessage(householdInvitationMailId(invitation.id), HOUSEHOLD_INVITATION_KIND, invitation.id, mail, now));
  }
}

export interface AnswerHouseholdInvitationDeps extends HouseholdDeps {
  clock: Clock;
}

/** The message of a join refused. */
function joinRefused(outcome: Exclude<JoinOutcome, 'joined'> | 'no-invitation', inAHousehold: string): Error {
  if (outcome === 'no-invitation') return new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.invitationNotFound);
  return new ConflictError(outcome === 'full' ? HOUSEHOLD_MEMBER_MESSAGES.full : inAHousehold);
}

/**
 * The invited member accepts: they join the household (atomically: of two invitations accepted
 * at once, one succeeds) and their other invitations go. A member already in a household (with
 * others or dependants) leaves it first.
 */
export class AcceptHouseholdInvitation extends UseCase<AnswerHouseholdInvitationDeps> {
  async execute(member: Pick<Member, 'id'>, invitationId: string): Promise<void> {
    const invitation = await this.deps.households.getInvitation(invitationId);
    if (!invitation || invitation.memberId !== member.id) throw new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.invitationNotFound);
    if (invitationLapsed(invitation, this.deps.clock.now())) throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.invitationLapsed);
    const outcome = await this.deps.households.join(
      { householdId: invitation.householdId, memberId: member.id, at: this.deps.clock.now().toISOString(), invitationId },
      MAX_HOUSEHOLD_MEMBERS,
    );
    if (outcome !== 'joined') throw joinRefused(outcome, HOUSEHOLD_MEMBER_MESSAGES.youAreInAHousehold);
  }
}

/** The invited member declines, or the household's contact withdraws the invitation. */
export class DeclineHouseholdInvitation extends UseCase<HouseholdDeps> {
  async execute(member: Pick<Member, 'id'>, invitationId: string): Promise<void> {
    const invitation = await this.deps.households.getInvitation(invitationId);
    const membership = await this.deps.households.membershipOf(member.id);
    const theirs = invitation !== null && (invitation.memberId === member.id || (membership?.householdId === invitation.householdId && membership.contact));
    if (!theirs || !(await this.deps.households.removeInvitation(invitationId))) throw new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.invitationNotFound);
  }
}

/** The member leaves their household; when they were its contact, the member who joined next becomes it. */
export class LeaveHousehold extends UseCase<HouseholdDeps> {
  async execute(member: Pick<Member, 'id'>): Promise<void> {
    const householdId = await householdIdOf(this.deps, member.id);
    if (householdId === null) throw new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.noHousehold);
    await leaveAs(this.deps, { kind: 'member', memberId: member.id }, householdId, member.id);
  }
}

async function leaveAs(deps: HouseholdDeps, actor: HouseholdActor, householdId: string, memberId: string): Promise<void> {
  const outcome = await deps.households.leave(householdId, memberId);
  if (outcome === 'not-in-household')
    throw new NotFoundError(actor.kind === 'admin' ? HOUSEHOLD_MEMBER_MESSAGES.notInHousehold : HOUSEHOLD_MEMBER_MESSAGES.noHousehold);
  if (outcome === 'only-member') throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.onlyMember);
}

const MEMBER_NOT_FOUND = MEMBER_FORM_MESSAGES.notFound;

/** The member list's "Household" of a member (members:write): its members with e-mails, and dependants. */
export class GetMemberHousehold extends UseCase<MyHouseholdDeps> {
  async execute(admin: Pick<Admin, 'permissions'>, memberId: string): Promise<AdminHousehold> {
    requirePermission(admin, 'members.write');
    if (!(await this.deps.members.get(memberId))) throw new NotFoundError(MEMBER_NOT_FOUND);
    const householdId = await householdIdOf(this.deps, memberId);
    if (householdId === null) return { householdId: null, members: [], people: [] };
    const list = await namedMembers(this.deps.members, await this.deps.households.membersOf(householdId));
    return {
      householdId,
      members: list.map(({ membership, member }) => ({
        memberId: membership.memberId,
        name: member?.name ?? NO_LONGER_LISTED,
        email: member?.email ?? '',
        contact: membership.contact,
      })),
      people: await this.deps.households.listForMember(householdId),
    };
  }
}

/**
 * An admin adds an existing member (by e-mail) to the household of the member whose row it is (a
 * member in none starts one, as its contact). A member already in another household is refused.
 */
export class AddHouseholdMember extends UseCase<InviteToHouseholdDeps> {
  async execute(admin: Pick<Admin, 'permissions'>, memberId: string, form: unknown): Promise<AdminHousehold> {
    requirePermission(admin, 'members.write');
    if (!(await this.deps.members.get(memberId))) throw new NotFoundError(MEMBER_NOT_FOUND);
    const added = await memberByEmail(this.deps.members, form);
    const at = this.deps.clock.now().toISOString();
    let householdId = await householdIdOf(this.deps, memberId);
    if (householdId === null) {
      householdId = this.deps.ids.next();
      const started = await this.deps.households.join({ householdId, memberId, at }, MAX_HOUSEHOLD_MEMBERS);
      if (started !== 'joined') throw new ConflictError(HOUSEHOLD_MEMBER_MESSAGES.inAHousehold);
    }
    const outcome = await this.deps.households.join({ householdId, memberId: added.id, at }, MAX_HOUSEHOLD_MEMBERS);
    if (outcome !== 'joined') throw joinRefused(outcome, HOUSEHOLD_MEMBER_MESSAGES.inAHousehold);
    return new GetMemberHousehold(this.deps).execute(admin, memberId);
  }
}

/** An admin takes a member out of the household of the member whose row it is. */
export class RemoveHouseholdMember extends UseCase<MyHouseholdDeps> {
  async execute(admin: Pick<Admin, 'permissions'>, memberId: string, removedId: string): Promise<AdminHousehold> {
    requirePermission(admin, 'members.write');
    const householdId = await householdIdOf(this.deps, memberId);
    if (householdId === null) throw new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.notInHousehold);
    await leaveAs(this.deps, { kind: 'admin' }, householdId, removedId);
    return new GetMemberHousehold(this.deps).execute(admin, memberId);
  }
}

/** An admin chooses the household's contact among its members. */
export class ChooseHouseholdContact extends UseCase<MyHouseholdDeps> {
  async execute(admin: Pick<Admin, 'permissions'>, memberId: string, form: unknown): Promise<AdminHousehold> {
    const { memberId: contactId } = permittedInput(admin, 'members.write', HouseholdMemberChoiceSchema, form);
    const householdId = await householdIdOf(this.deps, memberId);
    if (householdId === null || !(await this.deps.households.setContact(householdId, contactId)))
      throw new NotFoundError(HOUSEHOLD_MEMBER_MESSAGES.notInHousehold);
    return new GetMemberHousehold(this.deps).execute(admin, memberId);
  }
}

/** Whom a signed-in member may name as attendees when booking: their household's dependants and its other members. */
export class ListHouseholdAttendees extends UseCase<MyHouseholdDeps> {
  async execute(member: Pick<Member, 'id'>): Promise<{ people: HouseholdPerson[]; members: Member[] }> {
    const householdId = await householdIdOf(this.deps, member.id);
    if (householdId === null) return { people: [], members: [] };
    const [people, memberships] = await Promise.all([this.deps.households.listForMember(householdId), this.deps.households.membersOf(householdId)]);
    const others = await Promise.all(memberships.filter((m) => m.memberId !== member.id).map((m) => this.deps.members.get(m.memberId)));
    return { people, members: others.filter((m): m is Member => m !== null) };
  }
}
