import { z } from 'zod';
import { LinkTokenRequestSchema } from '../shared/link-token';
import { InstantSchema } from '../shared/instant';

/** The withdraw page's requests and answers, apart from the use cases so the page loads no mail code. */

/** The answer to a sign-up: its id and the number of jobs chosen (the confirmation page's count). */
export const SignUpResultSchema = z.object({ signupId: z.string(), jobsChosen: z.number().int() });
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

/** The withdraw page's request: the token of the e-mailed link. */
export const WorkDayTokenSchema = LinkTokenRequestSchema;

/** What the withdraw page shows of a volunteer's own sign-up. */
export const MyWorkDaySignupSchema = z.object({
  workDayId: z.string(),
  workDayName: z.string(),
  date: InstantSchema.nullable(),
  /** signed-up: the sign-up stands; withdrawn: it is no longer on the work day (withdrawn, or removed by an admin). */
  status: z.enum(['signed-up', 'withdrawn']),
  /** The sign-up's lines (work day, when, name, jobs, reference) while it stands; empty once withdrawn. */
  details: z.array(z.tuple([z.string(), z.string()])),
  /** What a withdrawal just did, after POST: withdrawn now, or already before. */
  message: z.string().optional(),
});
export type MyWorkDaySignup = z.infer<typeof MyWorkDaySignupSchema>;
