import { apiRead, useApiRead } from '../../../lib/page-data';

/** The retention schedule as the privacy notice states it (GET /api/privacy/retention), from the server's settings. */
export const retentionScheduleRead = apiRead(['privacy', 'retention'], '/api/privacy/retention', async () => (await import('@core/privacy/retention-overview-schema')).RetentionScheduleListSchema);

/** The retention schedule now. */
export function useRetentionSchedule() {
  return useApiRead(retentionScheduleRead);
}
