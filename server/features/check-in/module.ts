import { GetOfficerDay } from '../../../core/check-in/get-officer-day';
import { MarkAfloat } from '../../../core/check-in/mark-afloat';
import { ManageWalkIns } from '../../../core/check-in/manage-walk-ins';
import { MarkAttendance } from '../../../core/check-in/mark-attendance';
import type { AppConfig } from '../../config';
import { type Feature, provide } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ emergencyContacts: config.emergencyContacts });

/** The officer of the day's page and check-in (docs/officer-of-the-day.md). */
export const checkInFeature: Feature = {
  name: 'check-in',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    return [
      provide(
        MarkAttendance,
        () => new MarkAttendance({ bookings: get('bookings'), attendance: get('attendance'), clock: get('clock'), audit: get('audit'), ids: get('ids') }),
      ),
      provide(
        ManageWalkIns,
        () => new ManageWalkIns({ events: get('events'), attendance: get('attendance'), clock: get('clock'), audit: get('audit'), ids: get('ids') }),
      ),
      provide(MarkAfloat, () => new MarkAfloat({ bookings: get('bookings'), attendance: get('attendance'), clock: get('clock') })),
      provide(
        GetOfficerDay,
        () =>
          new GetOfficerDay({
            events: get('events'),
            bookings: get('bookings'),
            attendance: get('attendance'),
            conditions: get('conditions'),
            duties: get('duties'),
            members: get('members'),
            clock: get('clock'),
            emergencyContacts: settings.emergencyContacts,
          }),
      ),
    ];
  },
};
