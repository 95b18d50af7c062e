import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteNoConnection, noteServerAnswer, noteStoredAnswer, offlineStatus, onOfflineStatus } from '../../../../web/src/lib/offline-status';

// What the offline banner shows (docs/offline.md): offline once anything came from the device or a
// request got no answer, with the oldest stored time among what is shown; online again at the
// server's next answer.
describe('the offline status', () => {
  it('keeps the oldest stored time of what is shown, and clears at the next answer from the server', () => {
    const httpDate = fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));
    fc.assert(
      fc.property(fc.array(httpDate, { minLength: 1, maxLength: 6 }), (dates) => {
        noteServerAnswer();
        for (const date of dates) noteStoredAnswer(date.toUTCString());
        expect(offlineStatus()).toEqual({ offline: true, storedAt: new Date(Math.min(...dates.map((d) => d.getTime()))) });
        noteNoConnection();
        expect(offlineStatus().storedAt?.getTime()).toBe(Math.min(...dates.map((d) => d.getTime())));
        noteServerAnswer();
        expect(offlineStatus()).toEqual({ offline: false, storedAt: null });
      }),
    );
  });

  it('is offline without a time when nothing stored is shown or the stored time is unreadable, and tells listeners of changes only', () => {
    noteServerAnswer();
    let calls = 0;
    const stop = onOfflineStatus(() => (calls += 1));
    noteNoConnection();
    expect(offlineStatus()).toEqual({ offline: true, storedAt: null });
    noteStoredAnswer('not a date');
    expect(offlineStatus()).toEqual({ offline: true, storedAt: null });
    expect(calls).toBe(1);
    noteServerAnswer();
    noteServerAnswer();
    expect(calls).toBe(2);
    stop();
    noteNoConnection();
    expect(calls).toBe(2);
    noteServerAnswer();
  });
});
