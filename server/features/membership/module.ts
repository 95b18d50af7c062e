import {
  CreateMembershipCategory,
  GetMembershipSettings,
  ListMembershipCategories,
  ListOfferedMembershipCategories,
  SaveMembershipSettings,
  UpdateMembershipCategory,
} from '../../../core/membership/membership-admin';
import { auditTrail, type Feature, provide } from '../feature';

/** Membership categories and settings: admins with members:write keep them; anyone reads the categories offered online. */
export const membershipFeature: Feature = {
  name: 'membership',
  useCases: ({ get }) => {
    const reading = { membership: get('membership') };
    return [
      provide(ListMembershipCategories, () => new ListMembershipCategories(reading)),
      provide(ListOfferedMembershipCategories, () => new ListOfferedMembershipCategories(reading)),
      provide(CreateMembershipCategory, () => new CreateMembershipCategory({ ...reading, ...auditTrail(get) })),
      provide(UpdateMembershipCategory, () => new UpdateMembershipCategory({ ...reading, ...auditTrail(get) })),
      provide(GetMembershipSettings, () => new GetMembershipSettings(reading)),
      provide(SaveMembershipSettings, () => new SaveMembershipSettings({ ...reading, ...auditTrail(get) })),
    ];
  },
};
