import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryWaitingList } from '../../../../adapters/memory/memory-waiting-list';
import type { WaitingListEntry } from '../../../../core/waiting-list/waiting-list-entry';
import { CloseWaitingList } from '../../../../core/waiting-list/close-waiting-list';
import { anEvent } from '../../../support/entities';

const NOW = '2026-06-01T09:00:00.000Z';

function entry(id: string, status: WaitingListEntry['status'], offeredUntil: string | null = null): WaitingListEntry {
  return {
    id,
    eventId: 'summer-regatta',
    name: `Member ${id}`,
    email: `${id}@example.org`,
    places: 2,
    joinedAt: NOW,
    status,
    offeredUntil,
    updatedAt: NOW,
    memberId: null,
  };
}

async function world() {
  const outbox = new MemoryOutbox();
  const waitingList = new MemoryWaitingList(outbox);
  for (const e of [entry('w1', 'waiting'), entry('o1', 'offered', '2026-06-02T09:00:00.000Z'), entry('b1', 'booked'), entry('l1', 'left')])
    await waitingList.join(e, []);
  const released: string[] = [];
  const close = new CloseWaitingList({
    waitingList,
    bookings: { releaseHold: async (_eventId, holdId) => void released.push(holdId) },
    clock: new FixedClock(NOW),
    siteSettings: { clubName: 'Kestrel Yacht Club' },
  });
  return { outbox, waitingList, released, close };
}

describe('CloseWaitingList: a cancelled event’s line', () => {
  it('takes everyone in line out of it with an e-mail, lets an offer’s places go, and leaves the rest as they were', async () => {
    const { outbox, waitingList, released, close } = await world();
    const event = anEvent({ cancelledAt: NOW, cancelReason: 'Storm warning' });
    expect(await close.execute(event)).toBe(2);
    const statuses = Object.fromEntries((await waitingList.listByEvent('summer-regatta')).map((e) => [e.id, e.status]));
    expect(statuses).toEqual({ w1: 'left', o1: 'left', b1: 'booked', l1: 'left' });
    const mail = await outbox.list();
    expect(mail.map((m) => m.mail.to).sort()).toEqual(['o1@example.org', 'w1@example.org']);
    expect(mail[0].mail.subject).toBe(`Event cancelled: ${event.name}`);
    expect(mail[0].mail.text).toContain('The reason: Storm warning');
    expect(released).toEqual(['offer:o1']);
  });

  it('run again, tells nobody twice', async () => {
    const { outbox, close } = await world();
    const event = anEvent({ cancelledAt: NOW, cancelReason: 'Storm warning' });
    await close.execute(event);
    expect(await close.execute(event)).toBe(0);
    expect(await outbox.list()).toHaveLength(2);
  });
});
