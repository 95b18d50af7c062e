import { z } from 'zod';

/** An instant in time as an ISO-8601 UTC string, e.g. 2026-06-01T09:00:00.000Z. */
export const InstantSchema = z.iso.datetime({ offset: true });
export type Instant = string;
