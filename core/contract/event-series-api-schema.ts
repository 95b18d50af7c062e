import { z } from 'zod';
import { EventSchema } from '../events/event';
import { EventSeriesSchema, SeriesChangeFormSchema } from '../events/event-series';
import type { AdminEventSeries, SeriesChangeResult } from '../operations/event-series';
import type { SeriesEndResult } from '../operations/end-event-series';
import { ChangeNoticeToldSchema } from './admin-api-schema';

/** The admin API's answers about event series (docs/events.md, "Event series"): the server declares them, the admin panel reads them. */

export const EventSeriesListSchema = z.object({ series: z.array(EventSeriesSchema) });

/** A series with its dates (cancelled ones too), and the "this and later" form as it opens on each date. */
export const AdminEventSeriesSchema = z.object({
  series: EventSeriesSchema,
  events: z.array(EventSchema),
  changeForms: z.record(z.string(), SeriesChangeFormSchema),
}) satisfies z.ZodType<AdminEventSeries>;

/** A series just created: it, its dates, and the duty slots its template added. */
export const EventSeriesCreatedSchema = z.object({ series: EventSeriesSchema, events: z.array(EventSchema), slotsAdded: z.number().int().min(0) });

/** What "this and later" did: the dates changed, the slots added, who was e-mailed about new times. */
export const SeriesEndedSchema = z.object({
  cancelled: z.number().int().min(0),
  bookingsCancelled: z.number().int().min(0),
  refunded: z.number().int().min(0),
  refundsFailed: z.number().int().min(0),
  refundsByHand: z.number().int().min(0),
}) satisfies z.ZodType<SeriesEndResult>;

export const SeriesChangedSchema = z.object({
  series: EventSeriesSchema,
  changed: z.number().int().min(0),
  slotsAdded: z.number().int().min(0),
  told: ChangeNoticeToldSchema,
}) satisfies z.ZodType<SeriesChangeResult>;
