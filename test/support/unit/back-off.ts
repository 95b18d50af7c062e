import { expect } from 'vitest';
import { GIVE_UP_AFTER_MS, retryDelayMs } from '../../../core/shared/retries';

/**
 * The one back-off rule of jobs and of the outbox, checked on what a failed try left: one more
 * attempt; waiting (in `waitingStatus`) and due again exactly the back-off later while the day
 * since it was first due lasts; given up ('failed', never due) after.
 */
export function expectBackedOff(
  next: { attempts: number; status: string },
  nextDueAtMs: number | null,
  failed: { attempts: number; at: Date; firstDue: Date; waitingStatus: string },
): void {
  expect(next.attempts).toBe(failed.attempts + 1);
  const nextTry = failed.at.getTime() + retryDelayMs(failed.attempts + 1);
  if (nextTry - failed.firstDue.getTime() <= GIVE_UP_AFTER_MS) {
    expect(next.status).toBe(failed.waitingStatus);
    expect(nextDueAtMs).toBe(nextTry);
  } else {
    expect(next.status).toBe('failed');
    expect(nextDueAtMs).toBeNull();
  }
}
