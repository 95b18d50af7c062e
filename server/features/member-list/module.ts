import { AddMember } from '../../../core/members/add-member';
import { ImportMembers } from '../../../core/members/import-members';
import { ListMembers } from '../../../core/operations/list-members';
import { PreviewMemberImport } from '../../../core/members/preview-member-import';
import { UpdateMember } from '../../../core/operations/update-member';
import { AddHouseholdMember, ChooseHouseholdContact, GetMemberHousehold, RemoveHouseholdMember } from '../../../core/members/household-members';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** The club's member list (docs/members.md): admins with members:write list, add, edit, disable and import members. */
export const memberListFeature: Feature = {
  name: 'member list',
  useCases: ({ get, config }) => [
    provide(ListMembers, () => new ListMembers({ members: get('members'), duties: get('duties'), events: get('events'), clock: get('clock') })),
    provide(AddMember, () => new AddMember({ members: get('members'), ...auditTrail(get) })),
    provide(
      UpdateMember,
      () =>
        new UpdateMember({
          members: get('members'),
          duties: get('duties'),
          events: get('events'),
          admins: get('admins'),
          siteSettings: siteSettings(config),
          ...auditTrail(get),
        }),
    ),
    provide(PreviewMemberImport, () => new PreviewMemberImport({ members: get('members'), membership: get('membership') })),
    provide(ImportMembers, () => new ImportMembers({ members: get('members'), membership: get('membership'), ...auditTrail(get) })),
    // Households of several members (docs/members-households.md).
    provide(GetMemberHousehold, () => new GetMemberHousehold({ households: get('households'), members: get('members') })),
    provide(AddHouseholdMember, () => new AddHouseholdMember({ households: get('households'), members: get('members'), clock: get('clock'), ids: get('ids') })),
    provide(RemoveHouseholdMember, () => new RemoveHouseholdMember({ households: get('households'), members: get('members') })),
    provide(ChooseHouseholdContact, () => new ChooseHouseholdContact({ households: get('households'), members: get('members') })),
  ],
};
