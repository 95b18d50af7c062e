import { apiQuery, useRead } from '../../../lib/reads';

/** The retention schedule as the privacy notice states it (GET /api/privacy/retention), from the server's settings. */
export const retentionScheduleRead = apiQuery(
  ['privacy', 'retention'],
  '/api/privacy/retention',
  async () => (await import('@core/privacy/retention-overview-schema')).RetentionScheduleListSchema,
);

/** The retention schedule now. */
export function useRetentionSchedule() {
  return useRead(retentionScheduleRead);
}
