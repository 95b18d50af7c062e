import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log.port';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { MyDetails } from './my-details';
import { MyDetailsFormSchema, validateMyDetailsForm } from './my-details';
import type { PaymentGateway, PaymentNotification } from '../payments/payment-gateway.port';
import type { Clock } from '../shared/clock.port';
import { NotFoundError, PaymentError, ValidationError } from '../shared/errors';
import { fieldsError, parseInput } from '../shared/parse-input';
import type { IdGenerator } from '../shared/id-generator.port';
import { londonDate, londonMidnight } from '../shared/london-time';
import { formatDay } from '../shared/date-text';
import { CurrencySchema, formatMoney } from '../shared/money';
import { UseCase } from '../shared/use-case';
import { refundOrderPayment } from '../membership/refund-order-payment';
import type { MembershipOrderRepository } from '../membership/membership-order-repository.port';
import type { MembershipCategory } from '../membership/membership-category';
import { isOrderReference, MembershipOrderIdSchema, ORDER_MESSAGES, OrderMethodSchema, type MembershipOrder } from '../membership/membership-order';
import type { MembershipOrders } from '../membership/membership-orders';
import { renewalQuoteRefusal } from '../membership/membership-orders';
import { membershipPrice } from '../membership/membership-price';
import type { MembershipRepository } from '../membership/membership-repository.port';
import { isLifeRenewalDate, membershipStatus, paysUntil, renewalOpen, renewalOpensOn } from '../membership/membership-renewal';
import { MEMBERSHIP_CURRENCY } from '../membership/membership-schema';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../membership/membership-settings';

/** The messages of renewing online (docs/membership.md, "Renewing online"). */
export const RENEW_MESSAGES = {
  categoryNotFound: 'Choose a membership to renew',
  acceptRequired: "Please accept the club's rules and privacy notice",
  pledgeRequired: (duties: number) => `Please pledge the ${duties} ${duties === 1 ? 'duty' : 'duties'} this membership expects`,
  orderNotFound: 'Renewal not found',
  notCard: 'This renewal is paid in cash or by transfer: an admin confirms it',
  notPayable: 'This renewal can no longer be paid. Please start again.',
} as const;

/** A category as the renewal page offers it: its renewing price and the date it pays until. */
export const RenewalChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  amount: z.number().int(),
  coversHousehold: z.boolean(),
  dutiesPerSeason: z.number().int(),
  paysUntil: z.iso.date(),
});
export type RenewalChoice = z.infer<typeof RenewalChoiceSchema>;

/** What renewing offers the signed-in member now. */
export const RenewalOfferSchema = z.object({
  status: z.enum(['life', 'current', 'renewal-open', 'lapsed']),
  /** The member's category now (its name, as the member list holds it). */
  category: z.string(),
  /** Null for a life member. */
  renewalDate: z.iso.date().nullable(),
  open: z.boolean(),
  /** The London date renewal opens (null for a life member). */
  opensOn: z.iso.date().nullable(),
  /** Why the member may not renew now, in words for them; null when they may. */
  refusal: z.string().nullable(),
  currency: CurrencySchema,
  /** The categories they may choose (none while renewal is closed). */
  choices: z.array(RenewalChoiceSchema),
});
export type RenewalOffer = z.infer<typeof RenewalOfferSchema>;

/** What the member sends to start a renewal: the renewal page's form. */
export const StartRenewalRequestSchema = MyDetailsFormSchema.extend({
  categoryId: z.string().min(1).max(60),
  /** The club's rules and privacy notice accepted (required). */
  accept: z.boolean(),
  /** The duties the member pledges; at least the category's dutiesPerSeason. */
  dutiesPledged: z.number().int().min(0).max(50),
  method: OrderMethodSchema,
}).strict();
export type StartRenewalRequest = z.infer<typeof StartRenewalRequestSchema>;

/**
 * The renewal form's rule, the same in the page and the server: My details' rule on the contact
 * details, a category chosen, the club's rules and privacy notice accepted, and at least the
 * duties the chosen category expects pledged (`dutiesExpected`; null when no category is chosen).
 */
export function validateRenewalForm(
  values: StartRenewalRequest,
  dutiesExpected: number | null,
): { ok: true } | { ok: false; errors: Partial<Record<keyof StartRenewalRequest, string>> } {
  const checked = validateMyDetailsForm(values);
  const errors: Partial<Record<keyof StartRenewalRequest, string>> = checked.ok ? {} : { ...checked.errors };
  if (dutiesExpected === null) errors.categoryId = RENEW_MESSAGES.categoryNotFound;
  if (!values.accept) errors.accept = RENEW_MESSAGES.acceptRequired;
  if (dutiesExpected !== null && values.dutiesPledged < dutiesExpected) errors.dutiesPledged = RENEW_MESSAGES.pledgeRequired(dutiesExpected);
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/** The order as the member sees it. */
export const RenewalOrderViewSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  amount: z.number().int(),
  currency: CurrencySchema,
  paysUntil: z.iso.date(),
  method: OrderMethodSchema,
  status: z.enum(['open', 'paid', 'refunded', 'cancelled']),
});
/** A started renewal: the open order, and for a card its checkout to pay on the card step. */
export const StartedRenewalSchema = z.object({ order: RenewalOrderViewSchema, checkoutId: z.string().nullable() });
export type StartedRenewal = z.infer<typeof StartedRenewalSchema>;

/** The card step's request: the member's order and the card form's one-time token. */
export const PayRenewalRequestSchema = z.object({ orderId: MembershipOrderIdSchema, cardToken: z.string().min(1).max(2000) }).strict();

/** What paying answers: the new renewal date, or a declined card with a message for the member. */
export const RenewalPaymentResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('COMPLETED'), renewalDate: z.iso.date(), alreadyPaid: z.boolean(), refunded: z.boolean() }),
  z.object({ status: z.literal('FAILED'), message: z.string() }),
]);
export type RenewalPaymentResult = z.infer<typeof RenewalPaymentResultSchema>;

export interface RenewOnlineDeps {
  members: MemberRepository;
  membership: MembershipRepository;
  orders: MembershipOrders;
  /** Reads an order (the store). */
  orderStore: Pick<MembershipOrderRepository, 'get' | 'recordRefund'>;
  payments: PaymentGateway;
  /** Saves the confirmed phone and emergency contact with My details' rule (ChangeMyDetails). */
  details: { execute(member: Member, request: unknown): Promise<MyDetails> };
  audit: Pick<AuditLog, 'append'>;
  ids: IdGenerator;
  clock: Clock;
}

function orderView(order: MembershipOrder): z.infer<typeof RenewalOrderViewSchema> {
  const { id, categoryId, amount, currency, paysUntil: until, method, status } = order;
  return { id, categoryId, amount, currency, paysUntil: until, method, status };
}

/**
 * Renewing online from My club (docs/membership.md, "Renewing online"): what the member may
 * renew into, starting a renewal (details confirmed, rules accepted, duties pledged, an open
 * order quoted), and paying it by card through the payments port. The payment is recorded with
 * MembershipOrders.recordCardPayment only, on the provider's word: however often the card step
 * and the webhook come, the member is extended once; a payment that bought nothing is refunded.
 */
export class RenewOnline extends UseCase<RenewOnlineDeps> {
  private async settings(): Promise<MembershipSettings> {
    return (await this.deps.membership.getSettings()) ?? DEFAULT_MEMBERSHIP_SETTINGS;
  }

  /** What renewing offers the member today. */
  async offer(member: Member): Promise<RenewalOffer> {
    const settings = await this.settings();
    const today = londonDate(this.deps.clock.now());
    const life = isLifeRenewalDate(member.renewalDate);
    const open = !member.disabled && !life && renewalOpen(settings, member.renewalDate, today);
    const categories = (await this.deps.membership.listCategories()).filter((category) => category.onlinePurchase && !category.withdrawn && !category.life);
    const choices: RenewalChoice[] = [];
    if (open) {
      for (const category of categories) {
        const price = membershipPrice(category, settings, 'renew', today);
        if (!price) continue;
        choices.push({
          id: category.id,
          name: category.name,
          description: category.description,
          amount: price.amount,
          coversHousehold: category.coversHousehold,
          dutiesPerSeason: category.dutiesPerSeason,
          paysUntil: paysUntil(settings.year, category, member.renewalDate, today),
        });
      }
    }
    const opensOn = life ? null : renewalOpensOn(settings, member.renewalDate);
    let refusal: string | null = null;
    if (member.disabled) refusal = ORDER_MESSAGES.disabled;
    else if (life) refusal = ORDER_MESSAGES.lifeNotRenewed;
    else if (!open && opensOn) refusal = ORDER_MESSAGES.renewalNotOpen(formatDay(londonMidnight(opensOn).toISOString(), 'member'));
    return {
      status: membershipStatus(settings, member.renewalDate, today),
      category: member.membershipType,
      renewalDate: life ? null : member.renewalDate,
      open,
      opensOn,
      refusal,
      currency: MEMBERSHIP_CURRENCY,
      choices,
    };
  }

  /**
   * Starts a renewal: checks the form (acceptance required, the category's duties pledged), the
   * category and the renewal rule (renewalQuoteRefusal) before anything is written, saves the
   * confirmed contact details with My details' rule, quotes the open order, records the
   * acceptance and pledge in the audit log, and for a card creates the order's checkout.
   */
  async start(member: Member, request: unknown): Promise<StartedRenewal> {
    const form = parseInput(StartRenewalRequestSchema, request);
    const category: MembershipCategory | null = await this.deps.membership.getCategory(form.categoryId);
    if (!category) throw fieldsError({ categoryId: RENEW_MESSAGES.categoryNotFound });
    const settings = await this.settings();
    const today = londonDate(this.deps.clock.now());
    const refusal = renewalQuoteRefusal({ member, category, settings, today });
    if (refusal) throw new ValidationError(refusal);
    const checked = validateRenewalForm(form, category.dutiesPerSeason);
    if (!checked.ok) throw fieldsError(checked.errors);
    const { phone, emergencyContactName, emergencyContactPhone } = form;
    await this.deps.details.execute(member, { phone, emergencyContactName, emergencyContactPhone });
    const order = await this.deps.orders.quoteRenewal(member.id, { category, settings, currency: MEMBERSHIP_CURRENCY, method: form.method });
    const pledge = category.dutiesPerSeason > 0 ? `; pledged ${form.dutiesPledged} ${form.dutiesPledged === 1 ? 'duty' : 'duties'}` : '';
    await this.deps.audit.append([
      {
        id: this.deps.ids.next(),
        at: this.deps.clock.now().toISOString(),
        actor: { kind: 'member', memberId: member.id },
        action: 'membership.renewal-started',
        recordType: 'member',
        recordId: member.id,
        summary: `Renewal order ${order.id} for ${category.name} (${formatMoney(order.amount, order.currency)}, ${form.method}) to ${order.paysUntil}; accepted the club's rules and privacy notice${pledge}`,
        changes: [],
      },
    ]);
    const checkoutId = form.method === 'card' ? await this.checkoutOf(order) : null;
    return { order: orderView(order), checkoutId };
  }

  private async checkoutOf(order: MembershipOrder): Promise<string> {
    const { checkoutId } = await this.deps.payments.createCheckout({
      bookingId: order.id,
      amount: order.amount,
      currency: order.currency,
      description: `Membership renewal to ${order.paysUntil}`,
      idempotencyKey: order.id,
    });
    return checkoutId;
  }

  /**
   * The card step: charges the member's own open card order through the payments port and
   * records the payment (recordCardPayment). An order paid already answers as paid without
   * charging; a payment that bought nothing is refunded through the port.
   */
  async pay(member: Member, request: unknown): Promise<RenewalPaymentResult> {
    const { orderId, cardToken } = parseInput(PayRenewalRequestSchema, request);
    const order = await this.deps.orderStore.get(orderId);
    if (!order || order.memberId !== member.id) throw new NotFoundError(RENEW_MESSAGES.orderNotFound);
    if (order.status === 'paid' && order.method === 'card')
      return { status: 'COMPLETED', renewalDate: await this.renewalDateOf(member.id), alreadyPaid: true, refunded: false };
    if (order.method !== 'card') throw new ValidationError(RENEW_MESSAGES.notCard);
    if (order.status !== 'open') throw new PaymentError(RENEW_MESSAGES.notPayable);
    const checkoutId = await this.checkoutOf(order);
    const result = await this.deps.payments.completeCheckout(checkoutId, cardToken);
    if (result.status === 'FAILED') return { status: 'FAILED', message: result.message };
    const recorded = await this.record(order.id, result.paymentId);
    return {
      status: 'COMPLETED',
      renewalDate: await this.renewalDateOf(member.id),
      alreadyPaid: recorded.result === 'already-applied',
      refunded: recorded.refunded,
    };
  }

  /**
   * A signed webhook's completed payment whose reference names an order: recorded as the card
   * step records it. False when no order has the reference (the caller reads it as a booking's).
   */
  async fromWebhook(notification: PaymentNotification): Promise<boolean> {
    if (!isOrderReference(notification.checkoutBookingId)) return false;
    const order = await this.deps.orderStore.get(notification.checkoutBookingId);
    if (!order) return false;
    await this.record(order.id, notification.paymentId);
    return true;
  }

  /** Records the payment; `refunded`: it bought nothing and the provider took its refund (not when it refused or was out of reach). */
  private async record(orderId: string, paymentId: string): Promise<{ result: 'applied' | 'already-applied' | 'refund'; refunded: boolean }> {
    const outcome = await this.deps.orders.recordCardPayment(orderId, paymentId);
    const refunded =
      outcome.result === 'refund' &&
      (await refundOrderPayment(this.deps, outcome.order, paymentId, `Membership order ${outcome.order.id}: the payment bought nothing`));
    return { result: outcome.result, refunded };
  }

  private async renewalDateOf(memberId: string): Promise<string> {
    const member = await this.deps.members.get(memberId);
    if (!member) throw new NotFoundError('Member not found');
    return member.renewalDate;
  }
}
