import { useQuery } from '@tanstack/react-query';
import { DayRosterSchema, DutyCountsSchema } from '@core/duties/duty-reports';
import { apiGet } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

/** Under the duties' key, so any duty change marks the reports stale too. */
const REPORTS = ['duties', 'reports'] as const;

const rangeQuery = (from: string, to: string) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const dayRosterQueryOptions = (date: string) =>
  adminQueryOptions([...REPORTS, 'day', date], () => apiGet(`/api/admin/duties/days/${encodeURIComponent(date)}`, DayRosterSchema));
export const dutyCountsQueryOptions = (from: string, to: string) =>
  adminQueryOptions([...REPORTS, 'counts', from, to], () => apiGet(`/api/admin/duties/counts${rangeQuery(from, to)}`, DutyCountsSchema));

export const useDayRoster = (date: string) => useQuery(dayRosterQueryOptions(date));
export const useDutyCounts = (from: string, to: string) => useQuery(dutyCountsQueryOptions(from, to));

/** The CSV download of the duties in a range (empty: the server's default, this calendar year). */
export function dutiesCsvUrl(from: string, to: string): string {
  return `/api/admin/duties/export.csv${rangeQuery(from, to)}`;
}
