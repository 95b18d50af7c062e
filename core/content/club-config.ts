import { z } from 'zod';

/**
 * What the web app needs to know about the club and the server it talks to (GET /api/config):
 * fetched once by the browser and shared by every screen.
 */
export const ClubConfigSchema = z.object({
  clubName: z.string(),
  publicSiteUrl: z.string(),
  feedbackEmail: z.string(),
  photosEmail: z.string(),
  waterLevelUrl: z.string(),
  waterSafetyUrl: z.string(),
  searchProvider: z.string(),
  paymentsMode: z.string(),
  maxAttendeesPerBooking: z.number().int(),
  /** Whether "Forgot password?" works here: Firebase identity, or local accounts with e-mail on. */
  passwordReset: z.boolean(),
  /** Square's Web Payments SDK settings when PAYMENTS=square, else null. */
  square: z
    .object({ applicationId: z.string().nullable(), locationId: z.string(), environment: z.enum(['sandbox', 'production']), scriptUrl: z.string() })
    .nullable(),
});
export type ClubConfig = z.infer<typeof ClubConfigSchema>;
