import { z } from 'zod';
import { DateRangeQuerySchema, DayParamsSchema, DayRosterSchema, DutyCountsSchema, DutyReports, type DutyCounts } from '../../../core/duties/duty-reports';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { sendCsvDownload } from '../../http/route-helpers';

const READ = { tag: 'admin duties', access: { action: 'duties.read' } } as const;
const RANGE_REFUSED = {
  400: { description: '"Give a date as YYYY-MM-DD", "The end date must be on or after the start date" or "Choose a range of at most five years"' },
};

/** The admins' duty reports: the day's roster, the season count, the CSV export (duties:write). */
export function registerDutyReportRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'get',
    path: '/api/admin/duties/days/:date',
    operationId: 'adminGetDayDutyRoster',
    summary: 'The roster of a London day: every event on it, with its slots and who holds them (printable)',
    ...READ,
    params: DayParamsSchema,
    responses: { 200: { description: 'The day’s events and their duties, by start', schema: DayRosterSchema } },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(DutyReports).day(admin, params)),
  });
  routes.add({
    method: 'get',
    path: '/api/admin/duties/counts',
    operationId: 'adminGetDutyCounts',
    summary:
      'How many duties each member and each household held at events starting in a date range (both days included; the current calendar year unless given)',
    ...READ,
    query: DateRangeQuerySchema,
    responses: { 200: { description: 'Counts per member and per household', schema: DutyCountsSchema satisfies z.ZodType<DutyCounts> }, ...RANGE_REFUSED },
    handler: async ({ admin, query }) => reply(200, await ports.useCase(DutyReports).counts(admin, query)),
  });
  routes.add({
    method: 'get',
    path: '/api/admin/duties/export.csv',
    operationId: 'adminExportDutiesCsv',
    summary: 'The duties held at events starting in a date range as a CSV download: event, date, duty, member, e-mail (formula-safe)',
    ...READ,
    query: DateRangeQuerySchema,
    responses: { 200: { description: 'CSV', schema: z.string(), contentType: 'text/csv' }, ...RANGE_REFUSED },
    handler: async ({ admin, query, res }) => sendCsvDownload(res, await ports.useCase(DutyReports).csv(admin, query), 'duties.csv'),
  });
}
