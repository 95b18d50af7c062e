import type { Admin } from '../admins/admin';
import { ACTIONS, hasPermission, requirePermission } from '../admins/permissions';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { londonDate } from '../shared/london-time';
import { parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { FiguresQuerySchema, figuresYearOf, membershipFigures, membershipPaymentsCsv, type FiguresInput, type MembershipFigures } from './membership-figures';
import type { MembershipOrderRepository } from './membership-order-repository.port';
import type { MembershipRepository } from './membership-repository.port';
import { MEMBERSHIP_CURRENCY } from './membership-schema';
import { DEFAULT_MEMBERSHIP_SETTINGS } from './membership-settings';

export interface MembershipFiguresReportDeps {
  members: Pick<MemberRepository, 'list'>;
  membership: Pick<MembershipRepository, 'getSettings' | 'listCategories'>;
  orders: Pick<MembershipOrderRepository, 'listPaid'>;
  clock: Clock;
}

/**
 * The Membership screen's figures and the payments CSV (docs/membership.md, "Figures, refunds and
 * the CSV"): members:write sees the counts and names; the money (and the CSV) needs the
 * treasurer's bookings:write too (decisions, fourth phase).
 */
export class MembershipFiguresReport extends UseCase<MembershipFiguresReportDeps> {
  /** The figures of `query.year` (the current membership year unless given); money null without bookings:write. */
  async figures(admin: Pick<Admin, 'permissions'>, query: unknown): Promise<MembershipFigures> {
    requirePermission(admin, 'members.write');
    return membershipFigures({ ...(await this.read(query)), money: hasPermission(admin, ACTIONS['membershipMoney.manage']) });
  }

  /** The CSV download of the year's payments and refunds (members:write and bookings:write). */
  async csv(admin: Pick<Admin, 'permissions'>, query: unknown): Promise<{ fileName: string; csv: string }> {
    requirePermission(admin, 'members.write');
    requirePermission(admin, 'membershipMoney.manage');
    const input = await this.read(query);
    return { fileName: `membership_payments_${input.year}.csv`, csv: membershipPaymentsCsv(input) };
  }

  private async read(query: unknown): Promise<Omit<FiguresInput, 'money'>> {
    const { year } = parseInput(FiguresQuerySchema, query);
    const [settings, categories, members, orders] = await Promise.all([
      this.deps.membership.getSettings(),
      this.deps.membership.listCategories(),
      this.deps.members.list(),
      this.deps.orders.listPaid(),
    ]);
    const today = londonDate(this.deps.clock.now());
    const rules = settings ?? DEFAULT_MEMBERSHIP_SETTINGS;
    return {
      settings: rules,
      year: year === undefined ? figuresYearOf(rules.year, today) : Number(year),
      today,
      currency: MEMBERSHIP_CURRENCY,
      members,
      categories,
      orders,
    };
  }
}
