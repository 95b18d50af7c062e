import { changedFields } from '../audit/audit';
import type { AuditTrailDeps } from '../audit/audit-trail';
import { flat } from '../audit/audit-trail';
import type { LoginAttemptStore } from '../admins/login-attempt-store.port';
import { newOutboxMessage } from '../mail/outbox';
import type { Outbox } from '../mail/outbox.port';
import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import { MY_CLUB_PATH, SIGN_IN_CODE_TTL_MS, SIGN_IN_PATH } from '../member-sign-in/member-sign-in';
import type { SignInCodeRepository } from '../member-sign-in/sign-in-code-repository.port';
import type { SignInKeys } from '../member-sign-in/sign-in-keys.port';
import { ConflictError, RateLimitError, StaleWriteError, ValidationError } from '../shared/errors';
import { londonDate } from '../shared/london-time';
import { fieldsError, parseInput } from '../shared/parse-input';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import { MEMBER_AUDIT_FIELDS } from '../members/add-member';
import { MEMBER_EMAIL_CHANGE_CODE_MAIL_KIND } from '../mail/secret-mail-kinds';
import { emailChangeCodeMail, emailChangedMail, MEMBER_EMAIL_CHANGED_MAIL_KIND } from './email-change-mail';
import { invitationEmail, invitationLapsed } from '../members/household-membership';
import type { HouseholdRepository } from '../members/household-repository.port';
import { MEMBER_OPTIONAL_FIELDS, memberEmailKey, nextUpdatedAt, type Member } from '../members/member';
import { writeOnLatest } from '../members/member-writes';
import { MEMBER_FORM_MESSAGES } from '../members/member-form';
import type { MemberRepository } from '../members/member-repository.port';
import {
  EMAIL_CHANGE_MAX_TRIES,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_REQUESTS_PER_WINDOW,
  EMAIL_CHANGE_WINDOW_MS,
  EmailChangeConfirmSchema,
  emailChangeCodeHashInput,
  emailChangeCodeKeyInput,
  emailChangeCodeSentMessage,
  EmailChangeRequestSchema,
  emailChangeRequestKey,
  MyDetailsFormSchema,
  myDetailsView,
  validateMyDetailsForm,
  type MyDetails,
} from './my-details';

/**
 * Appends the member's own change of their record to the audit log, as an admin's change of a
 * member is (its fields before and after). The summary names no e-mail: the addresses are in the
 * changes, which the retention run pseudonymises whole (docs/data-protection.md), while a summary's
 * text is rewritten only where it holds the member's details as they are then.
 */
async function auditOwnChange(deps: AuditTrailDeps, before: Member, after: Member, summary: string): Promise<void> {
  const b = flat(before, MEMBER_AUDIT_FIELDS);
  const a = flat(after, MEMBER_AUDIT_FIELDS);
  await deps.audit.append([
    {
      id: deps.ids.next(),
      at: deps.clock.now().toISOString(),
      actor: { kind: 'member', memberId: before.id },
      action: 'member.updated',
      recordType: 'member',
      recordId: before.id,
      summary,
      changes: changedFields(b, a, MEMBER_AUDIT_FIELDS),
    },
  ]);
}

const MEMBER_NOT_FOUND = MEMBER_FORM_MESSAGES.notFound;

export interface MyDetailsDeps extends AuditTrailDeps {
  members: MemberRepository;
}

/** My details: the signed-in member's own record and membership (read fresh on each request). */
export class GetMyDetails extends UseCase<Pick<MyDetailsDeps, 'clock'>> {
  async execute(member: Member): Promise<MyDetails> {
    return myDetailsView(member, londonDate(this.deps.clock.now()));
  }
}

/**
 * The member changes their own phone and emergency contact (an empty field removes it): checked
 * as the admins' member form checks them, written to their own record only, audited as an admin's
 * change of a member is. The same values again change nothing and write no audit entry.
 */
export class ChangeMyDetails extends UseCase<MyDetailsDeps> {
  async execute(member: Member, request: unknown): Promise<MyDetails> {
    const form = parseInput(MyDetailsFormSchema, request);
    const checked = validateMyDetailsForm(form);
    if (!checked.ok) throw fieldsError(checked.errors);
    const now = this.deps.clock.now();
    // Only the member's own fields change, on the member as stored (a renewal paid meanwhile stays).
    return writeOnLatest(this.deps.members, member, MEMBER_NOT_FOUND, async (current) => {
      const after: Member = { ...current, updatedAt: nextUpdatedAt(current, now) };
      for (const field of MEMBER_OPTIONAL_FIELDS) {
        const value = checked.value[field];
        if (value === undefined) delete after[field];
        else after[field] = value;
      }
      if (MEMBER_OPTIONAL_FIELDS.every((field) => after[field] === current[field])) return myDetailsView(current, londonDate(now));
      await this.deps.members.update(after, { expectedUpdatedAt: current.updatedAt });
      await auditOwnChange(this.deps, current, after, `The member ${current.name} changed their own contact details on My club`);
      return myDetailsView(after, londonDate(now));
    });
  }
}

/** What asking for an e-mail change uses: the sign-in codes' store and keys (docs/member-sign-in.md), and the outbox. */
export interface RequestEmailChangeDeps {
  signInCodes: SignInCodeRepository;
  signInKeys: SignInKeys;
  secrets: SecretTokens;
  loginAttempts: LoginAttemptStore;
  outbox: Outbox;
  ids: IdGenerator;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/** What confirming one uses: the codes, the member list (its write adds the notice to the outbox) and the invitations. */
export interface ConfirmEmailChangeDeps extends MyDetailsDeps {
  households: HouseholdRepository;
  signInCodes: SignInCodeRepository;
  signInKeys: SignInKeys;
  secrets: SecretTokens;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/**
 * The member asks to change their e-mail: a 6-digit code, made, hashed and kept as sign-in codes
 * are (10 minutes, one use), goes to the NEW address through the outbox; a new request replaces
 * the member's earlier code. At most EMAIL_CHANGE_REQUESTS_PER_WINDOW an hour per member. Whether
 * the address is free is not said here: only the code's owner learns it, when confirming, so the
 * form tells no member who else is one.
 */
export class RequestEmailChange extends UseCase<RequestEmailChangeDeps> {
  async execute(member: Member, request: unknown): Promise<{ message: string }> {
    const { email } = parseInput(EmailChangeRequestSchema, request);
    if (memberEmailKey(email) === memberEmailKey(member.email)) throw fieldsError({ email: EMAIL_CHANGE_MESSAGES.sameEmail });
    const now = this.deps.clock.now();
    const key = emailChangeRequestKey(member.id);
    const reservation = await this.deps.loginAttempts.reserve({
      keys: [key],
      since: new Date(now.getTime() - EMAIL_CHANGE_WINDOW_MS),
      at: now,
      allow: (history) => (history[key]?.count ?? 0) < EMAIL_CHANGE_REQUESTS_PER_WINDOW,
    });
    if (reservation === null) throw new RateLimitError(EMAIL_CHANGE_MESSAGES.tooManyRequests);
    const seed = this.deps.secrets.generate();
    const code = this.deps.signInKeys.code(seed);
    await this.deps.signInCodes.put({
      emailHash: this.deps.signInKeys.emailKey(emailChangeCodeKeyInput(member.id)),
      memberId: member.id,
      codeHash: this.deps.secrets.hash(emailChangeCodeHashInput(member.id, email, code)),
      seed,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
      tries: 0,
      usedAt: null,
    });
    const mail = emailChangeCodeMail(email, {
      clubName: this.deps.siteSettings.clubName,
      code,
      myClubUrl: `${this.deps.siteSettings.publicBaseUrl}${MY_CLUB_PATH}`,
    });
    await this.deps.outbox.add([newOutboxMessage(this.deps.ids.next(), MEMBER_EMAIL_CHANGE_CODE_MAIL_KIND, member.id, mail, now)]);
    return { message: emailChangeCodeSentMessage(email) };
  }
}

/**
 * The member enters the code sent to the new address: the e-mail changes in one write, refused
 * (409) when another member has the address (the member list's unique e-mail decides between two
 * members claiming it at once) or a household invitation not lapsed waits for it. The code counts
 * a try first (EMAIL_CHANGE_MAX_TRIES in all), then is marked used once. The old address is told.
 * Sessions name the member by id, so they stay signed in.
 */
export class ConfirmEmailChange extends UseCase<ConfirmEmailChangeDeps> {
  async execute(member: Member, request: unknown): Promise<MyDetails> {
    const { email, code } = parseInput(EmailChangeConfirmSchema, request);
    const now = this.deps.clock.now();
    const key = this.deps.signInKeys.emailKey(emailChangeCodeKeyInput(member.id));
    const codeHash = this.deps.secrets.hash(emailChangeCodeHashInput(member.id, email, code));
    const counted = await this.deps.signInCodes.countTry(key, now, EMAIL_CHANGE_MAX_TRIES);
    if (counted === null || counted.memberId !== member.id || counted.codeHash !== codeHash) throw refused();
    const holder = await this.deps.members.getByEmail(email);
    if ((holder && holder.id !== member.id) || (await this.invited(email, now))) throw new ConflictError(EMAIL_CHANGE_MESSAGES.emailInUse);
    if (!(await this.deps.signInCodes.markUsed(key, codeHash, now))) throw refused();
    if (memberEmailKey(email) === memberEmailKey(member.email)) return myDetailsView(member, londonDate(now));
    const notice = emailChangedMail(member.email, {
      clubName: this.deps.siteSettings.clubName,
      newEmail: email,
      signInUrl: `${this.deps.siteSettings.publicBaseUrl}${SIGN_IN_PATH}`,
    });
    const messageId = this.deps.ids.next();
    // Only the e-mail changes, on the member as stored (a renewal paid meanwhile stays).
    const { before, after } = await writeOnLatest(this.deps.members, member, MEMBER_NOT_FOUND, async (current) => {
      const changed: Member = { ...current, email, updatedAt: nextUpdatedAt(current, now) };
      try {
        // The notice to the old address is written with the change: never one without the other.
        await this.deps.members.update(changed, {
          mail: [newOutboxMessage(messageId, MEMBER_EMAIL_CHANGED_MAIL_KIND, member.id, notice, now)],
          expectedUpdatedAt: current.updatedAt,
        });
      } catch (error) {
        if (error instanceof ConflictError && !(error instanceof StaleWriteError)) throw new ConflictError(EMAIL_CHANGE_MESSAGES.emailInUse);
        throw error;
      }
      return { before: current, after: changed };
    });
    await this.endOldAddressCode(member.email, now);
    await auditOwnChange(
      this.deps,
      before,
      after,
      `The member ${member.name} changed their own e-mail on My club, confirmed by a code sent to the new address`,
    );
    return myDetailsView(after, londonDate(now));
  }

  /** A sign-in code still live at the old address would sign the member in for its ten minutes: it is used up, as the notice says the address no longer signs in. */
  private async endOldAddressCode(oldEmail: string, now: Date): Promise<void> {
    const emailHash = this.deps.signInKeys.emailKey(oldEmail);
    const stored = await this.deps.signInCodes.get(emailHash);
    if (stored && stored.usedAt === null) await this.deps.signInCodes.markUsed(emailHash, stored.codeHash, now);
  }

  /** Whether a household invitation that has not lapsed waits for this address (it would name someone else). */
  private async invited(email: string, now: Date): Promise<boolean> {
    const invitations = await this.deps.households.invitationsToEmail(invitationEmail(email));
    return invitations.some((invitation) => !invitationLapsed(invitation, now));
  }
}

function refused(): ValidationError {
  return new ValidationError(EMAIL_CHANGE_MESSAGES.invalidCode, { code: EMAIL_CHANGE_MESSAGES.invalidCode });
}
