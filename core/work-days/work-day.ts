import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

export const WorkDayJobSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  volunteersNeeded: z.number().int().nonnegative(),
  /** Closed by an admin: takes no more sign-ups, keeps those it has. Absent means open. */
  closed: z.boolean().optional(),
});
export type WorkDayJob = z.infer<typeof WorkDayJobSchema>;

/** A volunteer work day. `currentVolunteers` is never stored: it is counted from sign-ups. */
export const WorkDaySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  date: InstantSchema.nullable(),
  foodAvailable: z.boolean(),
  active: z.boolean(),
  tools: z.string(),
  notes: z.string(),
  jobs: z.array(WorkDayJobSchema),
  /**
   * Archived by an admin: gone from the members' list, page and search (as if inactive), and
   * shown in the admin list only under its Archived filter. Absent means not archived.
   */
  archived: z.boolean().optional(),
});
export type WorkDay = z.infer<typeof WorkDaySchema>;

/** A work day as members and admins see it: each job with its count of volunteers so far. */
export const WorkDayWithCountsSchema = WorkDaySchema.extend({ jobs: z.array(WorkDayJobSchema.extend({ currentVolunteers: z.number().int() })) });
export type WorkDayWithCounts = z.infer<typeof WorkDayWithCountsSchema>;
export type WorkDayJobWithCount = WorkDayWithCounts['jobs'][number];

/** What the browser sends to sign up for a work day, before validation. */
export const WorkDaySignupFormSchema = z.object({
  firstName: z.string().max(200).default(''),
  lastName: z.string().max(200).default(''),
  selectedJobs: z.array(z.string().max(100)).max(100).default([]),
  otherJob: z.string().max(500).default(''),
  notes: z.string().max(2000).default(''),
  bringingTools: z.boolean().default(false),
  wantsFood: z.boolean().default(false),
  /** Optional: a volunteer who gives one is e-mailed a confirmation (with a withdraw link) and a reminder. */
  email: z.string().max(320).default(''),
});
export type WorkDaySignupForm = z.infer<typeof WorkDaySignupFormSchema>;

export const WorkDaySignupSchema = z.object({
  id: z.string().min(1),
  workDayId: z.string().min(1),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  selectedJobs: z.array(z.string()),
  otherJob: z.string(),
  notes: z.string(),
  bringingTools: z.boolean(),
  wantsFood: z.boolean(),
  submittedAt: InstantSchema,
  /** The volunteer's e-mail address; null or absent when they gave none (sign-ups stored before it existed). */
  email: z.string().min(3).max(320).nullable().optional(),
});
export type WorkDaySignup = z.infer<typeof WorkDaySignupSchema>;
