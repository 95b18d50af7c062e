import { describe, expect, it } from 'vitest';
import { liveBookingOf } from '../../../../core/my-club/already-booked';

describe('the booking page’s already-booked rule', () => {
  const entry = (eventId: string, over: { cancelled?: boolean; upcoming?: boolean; id?: string } = {}) => ({
    id: over.id ?? eventId,
    eventId,
    cancelled: over.cancelled ?? false,
    upcoming: over.upcoming ?? true,
  });

  it('finds the member’s live booking of this event, never a cancelled one, a past one or another event’s', () => {
    expect(liveBookingOf([entry('other'), entry('sail', { id: 'mine' })], 'sail')?.id).toBe('mine');
    expect(liveBookingOf([entry('sail', { cancelled: true }), entry('sail', { upcoming: false })], 'sail')).toBeNull();
    expect(liveBookingOf([entry('other')], 'sail')).toBeNull();
  });
});
