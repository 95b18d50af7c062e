import { z } from 'zod';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import type { AuditLog } from '../audit/audit-log.port';
import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import type { Outbox } from '../mail/outbox.port';
import type { SignInKeys } from '../member-sign-in/sign-in-keys.port';
import { memberEmailKey, type Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import {
  admissionRefusal,
  admittedHousehold,
  admittedMembers,
  APPLICATION_MESSAGES,
  applicationState,
  ApplicationStateSchema,
  ApplyRequestSchema,
  checkDeclineReason,
  closingRefusal,
  isApplicationExpired,
  isJoinable,
  MembershipApplicationSchema,
  validateApplication,
  type ApplicationState,
  type MembershipApplication,
} from '../membership/membership-application';
import type { MembershipApplicationRepository } from '../membership/membership-application-repository.port';
import type { MembershipCategory } from '../membership/membership-category';
import { ORDER_ID_PREFIX, UNPAID_ORDER, type MembershipOrder } from '../membership/membership-order';
import type { MembershipOrderRepository } from '../membership/membership-order-repository.port';
import type { MembershipOrders } from '../membership/membership-orders';
import { membershipPrice, priceForPeople } from '../membership/membership-price';
import { RENEWAL_LINK_DAYS, RENEWAL_LINK_MS, renewalLinkPath, renewalLinkSubject, type RenewalLinks } from '../membership/membership-reminder-mail';
import { paysUntil } from '../membership/membership-renewal';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { MEMBERSHIP_CURRENCY } from '../membership/membership-schema';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../membership/membership-settings';
import { refundOrderPayment } from '../membership/refund-order-payment';
import type { PaymentGateway } from '../payments/payment-gateway.port';
import type { Clock } from '../shared/clock.port';
import { ConflictError, NotFoundError, PaymentError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { addDaysToDate, calendarDateText, londonDate } from '../shared/london-time';
import { CurrencySchema, formatMoney } from '../shared/money';
import { fieldsError, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';

/** The e-mails an application gives: the applicant's, then their people's. */
function applicationEmails(application: MembershipApplication): string[] {
  return [application.email, ...application.people.flatMap((person) => (person.email ? [person.email] : []))];
}

/** The outbox kinds of the applicant's mails. */
export const APPLICATION_MAIL_KINDS = {
  received: 'membership-application-received',
  welcome: 'membership-welcome',
  declined: 'membership-application-declined',
} as const;

/** A category as the Join page offers it: its joining price (discount included) and what it covers. */
export const JoinChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What joining costs now, in minor units: once for a household category, for the applicant otherwise. */
  amount: z.number().int(),
  fullPrice: z.number().int(),
  coversHousehold: z.boolean(),
  dutiesPerSeason: z.number().int(),
  life: z.boolean(),
  /** The renewal date joining today buys. */
  paysUntil: z.iso.date(),
});
export type JoinChoice = z.infer<typeof JoinChoiceSchema>;

/** GET /api/membership/join: what joining offers today. */
export const JoinOfferSchema = z.object({
  currency: CurrencySchema,
  /** `after-payment`: the applicant pays by card now; `before-payment`: the club admits first, then the new member pays. */
  admission: z.enum(['after-payment', 'before-payment']),
  choices: z.array(JoinChoiceSchema),
});
export type JoinOffer = z.infer<typeof JoinOfferSchema>;

/** What applying answers: the application, and for admission after payment its checkout for the card step. */
export const AppliedSchema = z.object({
  applicationId: z.string(),
  state: ApplicationStateSchema,
  amount: z.number().int(),
  currency: CurrencySchema,
  paysUntil: z.iso.date().nullable(),
  checkoutId: z.string().nullable(),
});
export type Applied = z.infer<typeof AppliedSchema>;

/** The card step's request: the application and the card form's one-time token. */
export const PayApplicationRequestSchema = z.object({ applicationId: z.string().min(1).max(200), cardToken: z.string().min(1).max(2000) }).strict();

/** What paying answers: paid (already before, or now), or a declined card with a message for the applicant. */
export const ApplicationPaymentResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('COMPLETED'), alreadyPaid: z.boolean() }),
  z.object({ status: z.literal('FAILED'), message: z.string() }),
]);
export type ApplicationPaymentResult = z.infer<typeof ApplicationPaymentResultSchema>;

/** An application as the admins' Applications screen lists it. */
export const ApplicationViewSchema = MembershipApplicationSchema.extend({
  state: ApplicationStateSchema,
  /** The member already holding the applicant's e-mail (or another person's): the admin may decline. */
  matchesMember: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApplicationView = z.infer<typeof ApplicationViewSchema>;
export const ApplicationListSchema = z.object({ applications: z.array(ApplicationViewSchema) });
export type ApplicationList = z.infer<typeof ApplicationListSchema>;
export const ApplicationAnswerSchema = z.object({ application: ApplicationViewSchema });

/** An admin's decline: the reason, said to the applicant. */
export const DeclineApplicationRequestSchema = z.object({ reason: z.string().max(1000) }).strict();

export interface JoinClubDeps {
  applications: MembershipApplicationRepository;
  membership: MembershipRepository;
  orders: MembershipOrders;
  orderStore: Pick<MembershipOrderRepository, 'get' | 'getMany' | 'create' | 'cancel' | 'recordRefund'>;
  members: MemberRepository;
  payments: PaymentGateway;
  outbox: Outbox;
  audit: Pick<AuditLog, 'append'>;
  /** Signs the welcome mail's sign-in link (the renewal link: it signs in and opens /my-club/renew). */
  renewalLinks: RenewalLinks;
  signInKeys: SignInKeys;
  ids: IdGenerator;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

/**
 * Joining the club online (docs/membership.md, "Joining"): the public application and its card
 * payment (a joining order, paid as renewals are), the admins' list, admission (members created
 * once, however many admit at once), decline with a refund, and the daily expiry.
 */
export class JoinClub extends UseCase<JoinClubDeps> {
  private async settings(): Promise<MembershipSettings> {
    return (await this.deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS;
  }

  private choice(category: MembershipCategory, settings: MembershipSettings, today: string): JoinChoice {
    const price = membershipPrice(category, settings, 'join', today)!;
    return {
      id: category.id,
      name: category.name,
      description: category.description,
      amount: priceForPeople(price, 1),
      fullPrice: price.fullPrice,
      coversHousehold: category.coversHousehold,
      dutiesPerSeason: category.dutiesPerSeason,
      life: category.life,
      paysUntil: paysUntil(settings.year, category, null, today),
    };
  }

  /** What joining offers today: the categories sold online and not withdrawn, with their joining price. */
  async offer(): Promise<JoinOffer> {
    const settings = await this.settings();
    const today = londonDate(this.deps.clock.now());
    const categories = (await this.deps.membership.listCategories()).filter(isJoinable);
    return { currency: MEMBERSHIP_CURRENCY, admission: settings.admission, choices: categories.map((category) => this.choice(category, settings, today)) };
  }

  /**
   * Submits an application (the Join form, validateApplication's rule). Never says whether the
   * e-mail belongs to a member: the admins' list does. With admission after payment, an open
   * joining order at the category's joining price and its checkout for the card step.
   */
  async apply(request: unknown): Promise<Applied> {
    const form = parseInput(ApplyRequestSchema, request);
    const category = form.categoryId ? await this.deps.membership.getCategory(form.categoryId) : null;
    const checked = validateApplication(form, category);
    if (!checked.ok) throw fieldsError(checked.errors);
    const joined = category!;
    const settings = await this.settings();
    const now = this.deps.clock.now();
    const choice = this.choice(joined, settings, londonDate(now));
    const id = this.deps.ids.next();
    const paysFirst = settings.admission === 'after-payment' && choice.amount > 0;
    const order: MembershipOrder | null = paysFirst
      ? {
          id: `${ORDER_ID_PREFIX}${this.deps.ids.next()}`,
          kind: 'joining',
          memberId: null,
          applicationId: id,
          categoryId: joined.id,
          householdMemberIds: [],
          amount: choice.amount,
          currency: MEMBERSHIP_CURRENCY,
          paysUntil: choice.paysUntil,
          method: 'card',
          ...UNPAID_ORDER,
          createdAt: now.toISOString(),
        }
      : null;
    const application: MembershipApplication = {
      id,
      ...checked.value,
      categoryId: joined.id,
      categoryName: joined.name,
      amount: choice.amount,
      currency: MEMBERSHIP_CURRENCY,
      admission: settings.admission,
      orderId: order?.id ?? null,
      status: 'submitted',
      memberIds: [],
      reason: null,
      refund: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: now.toISOString(),
    };
    if (order) await this.deps.orderStore.create(order);
    await this.deps.applications.create(application);
    await this.deps.outbox.addOnce(
      newOutboxMessage(`${APPLICATION_MAIL_KINDS.received}-${id}`, APPLICATION_MAIL_KINDS.received, null, this.receivedMail(application), now),
    );
    const checkoutId = order ? await this.checkoutOf(order) : null;
    return { applicationId: id, state: 'submitted', amount: choice.amount, currency: MEMBERSHIP_CURRENCY, paysUntil: order?.paysUntil ?? null, checkoutId };
  }

  private async checkoutOf(order: MembershipOrder): Promise<string> {
    const { checkoutId } = await this.deps.payments.createCheckout({
      bookingId: order.id,
      amount: order.amount,
      currency: order.currency,
      description: `Joining the club to ${order.paysUntil}`,
      idempotencyKey: order.id,
    });
    return checkoutId;
  }

  /**
   * The card step: charges the application's open joining order and records the payment as a
   * renewal's is (recordCardPayment): the webhook and the applicant's return at once record it
   * once. An application paid already answers so without charging; a closed one is not charged.
   */
  async pay(request: unknown): Promise<ApplicationPaymentResult> {
    const { applicationId, cardToken } = parseInput(PayApplicationRequestSchema, request);
    const application = await this.deps.applications.get(applicationId);
    if (!application) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    if (!application.orderId) throw new ValidationError(APPLICATION_MESSAGES.notCard);
    const order = await this.deps.orderStore.get(application.orderId);
    if (!order) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    if (order.status === 'paid') return { status: 'COMPLETED', alreadyPaid: true };
    if (application.status !== 'submitted' || order.status !== 'open') throw new PaymentError(APPLICATION_MESSAGES.notPayable);
    const result = await this.deps.payments.completeCheckout(await this.checkoutOf(order), cardToken);
    if (result.status === 'FAILED') return { status: 'FAILED', message: result.message };
    const recorded = await this.deps.orders.recordCardPayment(order.id, result.paymentId);
    if (recorded.result === 'refund') await this.refund(recorded.order, result.paymentId);
    return { status: 'COMPLETED', alreadyPaid: recorded.result === 'already-applied' };
  }

  /** Every application, newest first, with its state and any member already holding one of its e-mails. PermissionError without members:write. */
  async list(admin: Pick<Admin, 'permissions'>): Promise<ApplicationList> {
    requirePermission(admin, 'members.write');
    const applications = await this.deps.applications.list();
    // The members holding the open applications' e-mails in one read, not one per application (docs/members.md#reads).
    const holders = await this.deps.members.getManyByEmail(applications.filter((application) => application.status !== 'admitted').flatMap(applicationEmails));
    // Their orders in one read too (docs/members.md#reads).
    const orderIds = applications.flatMap((application) => (application.orderId ? [application.orderId] : []));
    const orders = new Map((await this.deps.orderStore.getMany(orderIds)).map((order) => [order.id, order]));
    return { applications: await Promise.all(applications.map((application) => this.view(application, holders, orders))) };
  }

  /**
   * The application as the list shows it; `members`: those that may hold its e-mails, `orders`:
   * the stored orders by id, its own among them if stored (else each is read).
   */
  private async view(application: MembershipApplication, members?: readonly Member[], orders?: ReadonlyMap<string, MembershipOrder>): Promise<ApplicationView> {
    const order = !application.orderId ? null : orders ? (orders.get(application.orderId) ?? null) : await this.deps.orderStore.get(application.orderId);
    const matching = application.status === 'admitted' ? null : await this.memberHolding(application, members);
    return { ...application, state: applicationState(application, order), matchesMember: matching ? { id: matching.id, name: matching.name } : null };
  }

  /** The member holding the applicant's e-mail, else one of their people's (in that order), or null. */
  private async memberHolding(application: MembershipApplication, members?: readonly Member[]): Promise<Member | null> {
    const emails = applicationEmails(application);
    const found = members ?? (await this.deps.members.getManyByEmail(emails));
    const byKey = new Map(found.map((member) => [memberEmailKey(member.email), member]));
    for (const email of emails) {
      const member = byKey.get(memberEmailKey(email));
      if (member) return member;
    }
    return null;
  }

  private async stateOf(id: string): Promise<{ application: MembershipApplication; order: MembershipOrder | null; state: ApplicationState }> {
    const application = typeof id === 'string' ? await this.deps.applications.get(id) : null;
    if (!application) throw new NotFoundError(APPLICATION_MESSAGES.notFound);
    const order = application.orderId ? await this.deps.orderStore.get(application.orderId) : null;
    return { application, order, state: applicationState(application, order) };
  }

  /**
   * Admits an application (admissionRefusal: open, and paid when the club admits after payment):
   * its members are created with the category and renewal date (what the order bought; before
   * payment, lapsed since yesterday, so the member pays at /my-club/renew as a lapsed member
   * does), a household category's household with the applicant as contact, and the welcome mail
   * with a sign-in link. The application's transition is the claim: of several admissions at
   * once one creates the members, the others are refused (409). A member already holding one of
   * its e-mails refuses it (409), nothing written.
   */
  async admit(admin: Pick<Admin, 'uid' | 'email' | 'permissions'>, id: string): Promise<ApplicationView> {
    requirePermission(admin, 'members.write');
    const { application, order, state } = await this.stateOf(id);
    const refusal = admissionRefusal(application, state);
    if (refusal) throw state === 'submitted' ? new ValidationError(refusal) : new ConflictError(refusal);
    const holder = await this.memberHolding(application);
    if (holder) throw new ConflictError(APPLICATION_MESSAGES.emailIsMember(holder.name));
    const now = this.deps.clock.now();
    const at = now.toISOString();
    const renewalDate = order?.status === 'paid' ? order.paysUntil : addDaysToDate(londonDate(now), -1);
    const members = admittedMembers(application, renewalDate, () => this.deps.ids.next(), at);
    const admitted: MembershipApplication = { ...application, status: 'admitted', memberIds: members.map((m) => m.id), decidedBy: admin.uid, decidedAt: at };
    const category = await this.deps.membership.getCategory(application.categoryId);
    const household = category?.coversHousehold ? admittedHousehold(application, members, () => this.deps.ids.next(), at) : undefined;
    if (!(await this.deps.applications.transition('submitted', admitted))) throw new ConflictError(APPLICATION_MESSAGES.closed);
    try {
      // One all-or-nothing write (as the CSV import's), the household with its members: an e-mail
      // taken meanwhile stores none of them, and no household.
      await this.deps.members.importMembers(members, { household });
    } catch (error) {
      // An e-mail taken meanwhile: the application opens again for the admin to decline.
      await this.deps.applications.transition('admitted', application);
      throw error;
    }
    const applicant = members[0]!;
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at,
        actor: { kind: 'admin', uid: admin.uid, email: admin.email },
        action: 'membership.application-admitted',
        recordType: 'member',
        recordId: applicant.id,
        summary: `Application ${application.id} admitted: ${members.map((m) => m.name).join(', ')} as ${application.categoryName} to ${renewalDate}`,
        changes: [],
      },
    ]);
    await this.deps.outbox.addOnce(
      newOutboxMessage(
        `${APPLICATION_MAIL_KINDS.welcome}-${application.id}`,
        APPLICATION_MAIL_KINDS.welcome,
        applicant.id,
        this.welcomeMail(applicant, admitted, renewalDate, now),
        now,
      ),
    );
    return this.view(admitted);
  }

  private welcomeMail(member: Member, application: MembershipApplication, renewalDate: string, now: Date): OutgoingMail {
    const token = this.deps.renewalLinks.issue(
      renewalLinkSubject(member.id, this.deps.signInKeys.emailKey(member.email)),
      new Date(now.getTime() + RENEWAL_LINK_MS),
    );
    const paid = application.admission === 'after-payment' && application.orderId !== null;
    const parts = composeMail(member.name, [], {
      subject: `Welcome to ${this.deps.siteSettings.clubName}`,
      paragraphs: [
        `Your application is accepted: you are a member, ${application.categoryName}.`,
        paid ? `Your membership runs to ${calendarDateText(renewalDate)}.` : 'Please pay for your membership online to start it.',
        `The link below signs you in. It works for ${RENEWAL_LINK_DAYS} days; after that, sign in with your e-mail on the website.`,
      ],
      link: { lead: 'Sign in to My club:', text: 'Sign in to My club', url: `${this.deps.siteSettings.publicBaseUrl}${renewalLinkPath(token)}` },
      clubName: this.deps.siteSettings.clubName,
    });
    return { to: member.email, ...parts, attachments: [] };
  }

  /** Declines an open application with the reason said to the applicant; a card payment is refunded. */
  async decline(admin: Pick<Admin, 'uid' | 'permissions'>, id: string, request: unknown): Promise<ApplicationView> {
    requirePermission(admin, 'members.write');
    const { reason } = parseInput(DeclineApplicationRequestSchema, request);
    const checked = checkDeclineReason({ reason });
    if (!checked.ok) throw fieldsError(checked.errors);
    return this.close(id, { status: 'declined', reason: reason.trim(), decidedBy: admin.uid });
  }

  /**
   * The daily expiry: each open application older than the settings' applicationExpiryDays is
   * closed as `expired` and refunded as a decline is. Answers the ids it expired.
   */
  async expire(): Promise<string[]> {
    const settings = await this.settings();
    const today = londonDate(this.deps.clock.now());
    const expired: string[] = [];
    for (const application of await this.deps.applications.listWithStatus('submitted')) {
      if (!isApplicationExpired(application, settings, today, londonDate(new Date(application.createdAt)))) continue;
      try {
        await this.close(application.id, { status: 'expired', reason: null, decidedBy: null });
        expired.push(application.id);
      } catch (error) {
        // Admitted or declined meanwhile: nothing to expire.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    return expired;
  }

  private async close(id: string, closing: Pick<MembershipApplication, 'status' | 'reason' | 'decidedBy'>): Promise<ApplicationView> {
    const { application, order, state } = await this.stateOf(id);
    const refusal = closingRefusal(state);
    if (refusal) throw new ConflictError(refusal);
    const at = this.deps.clock.now();
    const closed: MembershipApplication = { ...application, ...closing, decidedAt: at.toISOString() };
    if (!(await this.deps.applications.transition('submitted', closed))) throw new ConflictError(APPLICATION_MESSAGES.closed);
    // An open order is cancelled, so a payment still on its way (its webhook) buys nothing and is
    // refunded; read again after: a payment recorded before the cancel is refunded here.
    if (order?.status === 'open') await this.deps.orderStore.cancel(order.id);
    const paidOrder = application.orderId ? await this.deps.orderStore.get(application.orderId) : order;
    let final = closed;
    if (paidOrder?.status === 'paid' && paidOrder.paymentId) {
      const refunded = await this.refund(paidOrder, paidOrder.paymentId);
      final = { ...closed, refund: refunded ? 'refunded' : 'by-hand' };
      await this.deps.applications.transition(closed.status, final);
    }
    await this.deps.outbox.addOnce(
      newOutboxMessage(`${APPLICATION_MAIL_KINDS.declined}-${application.id}`, APPLICATION_MAIL_KINDS.declined, null, this.declinedMail(final), at),
    );
    return this.view(final);
  }

  /** Gives the payment back (refundOrderPayment): false when it could not be done now. */
  private refund(order: MembershipOrder, paymentId: string): Promise<boolean> {
    return refundOrderPayment(this.deps, order, paymentId, `Membership application ${order.applicationId ?? order.id} not admitted`);
  }

  /**
   * The applicant's receipt of their application (docs/membership.md, "Joining"): what they
   * applied for and what happens next; it confirms the e-mail they gave reaches them.
   */
  private receivedMail(application: MembershipApplication): OutgoingMail {
    const money = formatMoney(application.amount, application.currency);
    const next =
      application.orderId !== null
        ? `Once your payment of ${money} is through, the club looks at your application and writes to you.`
        : application.admission === 'before-payment' && application.amount > 0
          ? 'The club looks at your application and writes to you. Once you are accepted, you pay for your membership online.'
          : 'The club looks at your application and writes to you.';
    const parts = composeMail(`${application.firstName} ${application.lastName}`, [], {
      subject: `We have your application to join ${this.deps.siteSettings.clubName}`,
      paragraphs: [`Thank you for applying to join as ${application.categoryName}.`, next, 'Please contact the club with any questions.'],
      link: null,
      clubName: this.deps.siteSettings.clubName,
    });
    return { to: application.email, ...parts, attachments: [] };
  }

  private declinedMail(application: MembershipApplication): OutgoingMail {
    const name = `${application.firstName} ${application.lastName}`;
    const money = formatMoney(application.amount, application.currency);
    const refundWords =
      application.refund === 'refunded'
        ? `Your payment of ${money} is refunded to your card.`
        : application.refund === 'by-hand'
          ? `Your payment of ${money} will be refunded: the club will be in touch.`
          : null;
    const parts = composeMail(name, [], {
      subject: 'Your application to join the club',
      paragraphs: [
        application.status === 'expired'
          ? 'Your application to join the club was not accepted in time and has been closed.'
          : `Your application to join the club was declined: ${application.reason ?? ''}`,
        ...(refundWords ? [refundWords] : []),
        'Please contact the club with any questions.',
      ],
      link: null,
      clubName: this.deps.siteSettings.clubName,
    });
    return { to: application.email, ...parts, attachments: [] };
  }
}
