import {
  CreateMembershipCategory,
  GetMembershipSettings,
  ListMembershipCategories,
  ListOfferedMembershipCategories,
  SaveMembershipSettings,
  UpdateMembershipCategory,
} from '../../../core/membership/membership-admin';
import { ChangeMyDetails } from '../../../core/my-club/change-my-details';
import { ORDER_ID_PREFIX } from '../../../core/membership/membership-order';
import { MembershipOrders } from '../../../core/membership/membership-orders';
import { MembershipFiguresReport } from '../../../core/membership/membership-figures-report';
import { RenewOnline } from '../../../core/my-club/renew-online';
import { JoinClub } from '../../../core/operations/join-club';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** Membership categories and settings: admins with members:write keep them; anyone reads the categories offered online. */
export const membershipFeature: Feature = {
  name: 'membership',
  useCases: ({ get, config }) => {
    const reading = { membership: get('membership') };
    const orders = () => {
      const ids = get('ids');
      // Every order id carries the reserved prefix, so a checkout's reference tells an order from a booking (docs/payments.md).
      return new MembershipOrders({
        orders: get('membershipOrders'),
        members: get('members'),
        households: get('households'),
        payments: get('payments'),
        categories: get('membership'),
        clock: get('clock'),
        ids: { next: () => `${ORDER_ID_PREFIX}${ids.next()}` },
      });
    };
    return [
      provide(ListMembershipCategories, () => new ListMembershipCategories(reading)),
      provide(ListOfferedMembershipCategories, () => new ListOfferedMembershipCategories(reading)),
      provide(CreateMembershipCategory, () => new CreateMembershipCategory({ ...reading, ...auditTrail(get) })),
      provide(UpdateMembershipCategory, () => new UpdateMembershipCategory({ ...reading, ...auditTrail(get) })),
      provide(GetMembershipSettings, () => new GetMembershipSettings(reading)),
      provide(SaveMembershipSettings, () => new SaveMembershipSettings({ ...reading, ...auditTrail(get) })),
      provide(MembershipOrders, orders),
      provide(
        JoinClub,
        () =>
          new JoinClub({
            applications: get('membershipApplications'),
            membership: get('membership'),
            orders: orders(),
            orderStore: get('membershipOrders'),
            members: get('members'),
            payments: get('payments'),
            outbox: get('outbox'),
            renewalLinks: get('renewalLinks'),
            signInKeys: get('signInKeys'),
            siteSettings: siteSettings(config),
            ...auditTrail(get),
          }),
      ),
      provide(
        MembershipFiguresReport,
        () => new MembershipFiguresReport({ members: get('members'), membership: get('membership'), orders: get('membershipOrders'), clock: get('clock') }),
      ),
      provide(
        RenewOnline,
        () =>
          new RenewOnline({
            members: get('members'),
            membership: get('membership'),
            orders: orders(),
            orderStore: get('membershipOrders'),
            payments: get('payments'),
            details: new ChangeMyDetails({ members: get('members'), ...auditTrail(get) }),
            ...auditTrail(get),
          }),
      ),
    ];
  },
};
