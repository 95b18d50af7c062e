import { ManageDutyCatalogue } from '../../../core/duties/manage-duty-catalogue';
import { ManageEventDuties } from '../../../core/duties/event-duties';
import { ManageMemberQualifications } from '../../../core/duties/manage-member-qualifications';
import { GetMyDuties } from '../../../core/duties/my-duties';
import { VolunteerForDuty } from '../../../core/duties/volunteer-for-duty';
import { WithdrawFromDuty } from '../../../core/duties/withdraw-from-duty';
import { DutySwaps } from '../../../core/duties/duty-swap-requests';
import { AskForCover } from '../../../core/duties/duty-cover';
import { GetMyDutyQuota, GetSeasonAvailability, GetSeasonRota, ManageMyAvailability } from '../../../core/duties/member-availability';
import { FillRota } from '../../../core/duties/fill-rota';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** Duty rosters (docs/duties.md): the catalogue, members' qualifications, events' rosters. */
export const dutiesFeature: Feature = {
  name: 'duties',
  useCases: ({ get, config }) => [
    provide(ManageDutyCatalogue, () => new ManageDutyCatalogue({ duties: get('duties'), ...auditTrail(get) })),
    provide(ManageMemberQualifications, () => new ManageMemberQualifications({ duties: get('duties'), members: get('members'), ...auditTrail(get) })),
    provide(ManageEventDuties, () => new ManageEventDuties({ duties: get('duties'), events: get('events'), members: get('members'), ...auditTrail(get) })),
    // The members' duties page (docs/duties.md): the signed-in member's own, and the rota.
    provide(
      GetMyDuties,
      () => new GetMyDuties({ duties: get('duties'), dutySwaps: get('dutySwaps'), events: get('events'), members: get('members'), clock: get('clock') }),
    ),
    provide(VolunteerForDuty, () => new VolunteerForDuty({ duties: get('duties'), events: get('events'), members: get('members'), clock: get('clock') })),
    provide(
      DutySwaps,
      () =>
        new DutySwaps({
          duties: get('duties'),
          dutySwaps: get('dutySwaps'),
          events: get('events'),
          members: get('members'),
          admins: get('admins'),
          addressLimits: get('addressLimits'),
          outbox: get('outbox'),
          pushSubscriptions: get('pushSubscriptions'),
          pushOutbox: get('pushOutbox'),
          siteSettings: siteSettings(config),
          ...auditTrail(get),
        }),
    ),
    // "Cover needed": one message to each member who may take an unfilled slot.
    provide(
      AskForCover,
      () =>
        new AskForCover({
          duties: get('duties'),
          events: get('events'),
          members: get('members'),
          outbox: get('outbox'),
          pushSubscriptions: get('pushSubscriptions'),
          pushOutbox: get('pushOutbox'),
          siteSettings: siteSettings(config),
          ...auditTrail(get),
        }),
    ),
    // Availability, wishes, quotas and the season's rota (docs/duties.md).
    provide(
      ManageMyAvailability,
      () =>
        new ManageMyAvailability({
          availability: get('availability'),
          duties: get('duties'),
          events: get('events'),
          households: get('households'),
          members: get('members'),
          membership: get('membership'),
          clock: get('clock'),
        }),
    ),
    provide(
      GetSeasonAvailability,
      () => new GetSeasonAvailability({ availability: get('availability'), members: get('members'), membership: get('membership'), clock: get('clock') }),
    ),
    provide(
      GetMyDutyQuota,
      () => new GetMyDutyQuota({ duties: get('duties'), households: get('households'), membership: get('membership'), clock: get('clock') }),
    ),
    provide(
      GetSeasonRota,
      () => new GetSeasonRota({ duties: get('duties'), events: get('events'), members: get('members'), membership: get('membership'), clock: get('clock') }),
    ),
    provide(WithdrawFromDuty, () => new WithdrawFromDuty({ duties: get('duties'), clock: get('clock') })),
    // Filling a season's rota (docs/duties.md, "Filling the rota").
    provide(
      FillRota,
      () =>
        new FillRota({
          duties: get('duties'),
          events: get('events'),
          members: get('members'),
          households: get('households'),
          membership: get('membership'),
          availability: get('availability'),
          outbox: get('outbox'),
          solver: get('rotaSolver'),
          siteSettings: siteSettings(config),
          ...auditTrail(get),
        }),
    ),
  ],
};
