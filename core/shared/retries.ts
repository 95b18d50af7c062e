/**
 * The retry rule of the server's background work (the outbox's e-mails and the scheduled jobs):
 * the first retry waits a minute, each later one twice as long as the one before, up to an hour;
 * work still failing a day after it was first due is given up (and shown to admins).
 */
export const FIRST_RETRY_MS = 60_000;
export const LONGEST_RETRY_MS = 3_600_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** The wait before the next try after `failures` failed tries (1 → 1 min, 2 → 2 min, … 7+ → 1 h). */
export function retryDelayMs(failures: number): number {
  if (failures < 1) return 0;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30));
}

/**
 * After one more failed try at `now` of work first due at `since` (`attempts` failures before
 * it): the failures counted, and when to try next, or null to give up because that next try
 * would fall more than a day after `since`. `giveUp: false` never gives up (work that repeats).
 */
export function afterFailedTry(
  attempts: number,
  since: string,
  now: Date,
  options: { giveUp?: boolean } = {},
): { attempts: number; nextAttemptAt: string | null } {
  const failures = attempts + 1;
  const next = now.getTime() + retryDelayMs(failures);
  if (options.giveUp !== false && next - Date.parse(since) > GIVE_UP_AFTER_MS) return { attempts: failures, nextAttemptAt: null };
  return { attempts: failures, nextAttemptAt: new Date(next).toISOString() };
}
