import { useQuery } from '@tanstack/react-query';
import { StaffingLightsSchema } from '@core/duties/duty-forms';
import { apiGet } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

/** Every duty read sits under this key: a change marks them all stale (they are small). */
export const DUTIES_KEY = ['duties'] as const;

/** Each upcoming event's staffing light: the duties screens, the events list and the dashboard. */
export const staffingLightsQueryOptions = () => adminQueryOptions([...DUTIES_KEY, 'lights'], () => apiGet('/api/admin/duties/lights', StaffingLightsSchema));
/** The lights, for screens anyone who sees events opens: asked only when `enabled`. */
export const useStaffingLights = (enabled: boolean) => useQuery({ ...staffingLightsQueryOptions(), enabled, retry: false });
