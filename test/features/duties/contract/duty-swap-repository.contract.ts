import { expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../../../core/shared/errors';
import { DUTY_MESSAGES } from '../../../../core/duties/duties';
import type { DutyRepository } from '../../../../core/duties/duty-repository.port';
import type { DutySwapRepository } from '../../../../core/duties/duty-swap-repository.port';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import { SWAP_MESSAGES, type DutySwap } from '../../../../core/duties/duty-swaps';
import { aSlot, anAssignment } from './duty-repository.contract';
import { rejectionOf, describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';

/** The rosters and the swaps of one storage (swaps hand over the rosters' slots). */
export interface DutySwapStorage {
  duties: DutyRepository;
  swaps: DutySwapRepository;
  /** Where the e-mails written with a request or a handover go. */
  outbox: Outbox;
}

const RACE = anAssignment().window;

function aSwap(overrides: Partial<DutySwap> = {}): DutySwap {
  return {
    id: 'swap-1',
    slotId: 'slot-safety',
    eventId: 'ev-race',
    fromMemberId: 'mem-ann',
    toMemberId: null,
    window: RACE,
    createdAt: '2026-05-03T10:00:00.000Z',
    status: 'open',
    takenBy: null,
    takenAt: null,
    ...overrides,
  };
}

/** An e-mail to write with a request or a handover, under `id`. */
function aMessage(id: string, subject = `About ${id}`) {
  return newOutboxMessage(
    id,
    'duty-swap',
    'swap-1',
    { to: `${id}@example.org`, subject, text: 'Your duty.', html: '<p>Your duty.</p>', attachments: [] },
    new Date('2026-05-03T10:00:00.000Z'),
  );
}

const taking = (memberId: string) => anAssignment({ memberId, assignedAt: '2026-05-04T10:00:00.000Z' });

export function describeDutySwapRepositoryContract(name: string, makeAdapter: AdapterFactory<DutySwapStorage>): void {
  describeContract('DutySwapRepository', name, makeAdapter, (storage) => {
    const swaps = () => storage().swaps;
    const duties = () => storage().duties;
    const outbox = () => storage().outbox;
    const stored = async (...ids: string[]) => (await Promise.all(ids.map((id) => outbox().get(id)))).map((message) => message?.mail.subject ?? null);

    /** Ann holds the 2-person safety slot; she asks for a swap. */
    async function asked(overrides: Partial<DutySwap> = {}): Promise<DutySwap> {
      await duties().addSlots([aSlot()]);
      await duties().assign(anAssignment());
      const swap = aSwap(overrides);
      await swaps().create(swap);
      return swap;
    }

    it('stores a request, lists a member’s open ones, and refuses a second open one for the same duty or a taken id', async () => {
      const swap = await asked();
      expect(await swaps().get('swap-1')).toEqual(swap);
      expect(await swaps().get('nothing')).toBeNull();
      expect(await swaps().listOpenOf('mem-ann')).toEqual([swap]);
      expect(await swaps().listOpenOf('mem-bob')).toEqual([]);
      expect(await rejectionOf(swaps().create(aSwap({ id: 'swap-2' })))).toEqual(new ConflictError(SWAP_MESSAGES.alreadyAsked));
      expect(await rejectionOf(swaps().create(aSwap()))).toBeInstanceOf(ConflictError);
      expect(await rejectionOf(swaps().create(aSwap({ id: 'swap-3', window: { start: RACE.end, end: RACE.start } })))).toBeInstanceOf(ValidationError);
      expect(await swaps().withdraw('swap-1')).toEqual({ ...swap, status: 'withdrawn' });
      expect(await swaps().withdraw('swap-1')).toBeNull();
      expect(await swaps().listOpenOf('mem-ann')).toEqual([]);
      // Withdrawn, Ann may ask again.
      await swaps().create(aSwap({ id: 'swap-4' }));
      expect((await swaps().listOpenOf('mem-ann')).map((s) => s.id)).toEqual(['swap-4']);
    });

    it('accepting hands the duty over at once: the swap taken, the asking member off the slot, the taker on it', async () => {
      await asked();
      const taken = await swaps().accept('swap-1', taking('mem-bob'));
      expect(taken).toEqual(aSwap({ status: 'taken', takenBy: 'mem-bob', takenAt: '2026-05-04T10:00:00.000Z' }));
      expect(await swaps().get('swap-1')).toEqual(taken);
      expect((await duties().getSlot('slot-safety'))!.holders.map((h) => h.memberId)).toEqual(['mem-bob']);
      expect(await duties().listMemberDuties('mem-ann')).toEqual([]);
      expect((await duties().listMemberDuties('mem-bob')).map((d) => d.slotId)).toEqual(['slot-safety']);
      expect(await rejectionOf(swaps().accept('swap-1', taking('mem-cat')))).toEqual(new ConflictError(SWAP_MESSAGES.taken));
      expect(await swaps().listOpenOf('mem-ann')).toEqual([]);
    });

    it('refuses, storing nothing: a busy taker, the asker, one not named by a transfer, a withdrawn or unknown swap', async () => {
      await asked({ toMemberId: 'mem-cat' });
      await duties().addSlots([aSlot({ id: 'slot-galley', needed: 1 })]);
      await duties().assign(anAssignment({ slotId: 'slot-galley', memberId: 'mem-dan' }));
      expect(await rejectionOf(swaps().accept('swap-1', taking('mem-ann')))).toEqual(new ConflictError(SWAP_MESSAGES.ownSwap));
      expect(await rejectionOf(swaps().accept('swap-1', taking('mem-bob')))).toEqual(new ConflictError(SWAP_MESSAGES.notForYou));
      expect(await rejectionOf(swaps().accept('nothing', taking('mem-cat')))).toBeInstanceOf(NotFoundError);
      await swaps().withdraw('swap-1');
      expect(await rejectionOf(swaps().accept('swap-1', taking('mem-cat')))).toEqual(new ConflictError(SWAP_MESSAGES.withdrawn));
      await swaps().create(aSwap({ id: 'swap-open' }));
      expect(await rejectionOf(swaps().accept('swap-open', taking('mem-dan')))).toEqual(new ConflictError(DUTY_MESSAGES.doubleDuty));
      expect((await duties().getSlot('slot-safety'))!.holders.map((h) => h.memberId)).toEqual(['mem-ann']);
      expect((await swaps().get('swap-open'))!.status).toBe('open');
      // Ann took herself off: the swap is no longer on offer.
      await duties().unassign('slot-safety', 'mem-ann');
      expect(await rejectionOf(swaps().accept('swap-open', taking('mem-eve')))).toEqual(new ConflictError(SWAP_MESSAGES.noLongerHeld));
    });

    it('writes a request’s e-mails with it, only those not written before, and none of a refused one', async () => {
      await duties().addSlots([aSlot()]);
      await duties().assign(anAssignment());
      await outbox().add([aMessage('ask-bob', 'Told at an earlier request')]);
      await swaps().create(aSwap(), [aMessage('ask-bob'), aMessage('ask-cat'), aMessage('ask-cat')]);
      expect(await stored('ask-bob', 'ask-cat')).toEqual(['Told at an earlier request', 'About ask-cat']);
      // A second open request for the duty is refused: none of its e-mails is written.
      expect(await rejectionOf(swaps().create(aSwap({ id: 'swap-2' }), [aMessage('ask-dan')]))).toEqual(new ConflictError(SWAP_MESSAGES.alreadyAsked));
      expect(await stored('ask-dan')).toEqual([null]);
    });

    it('of two members accepting one swap at once, exactly one wins, and only the winner’s e-mails are written', async () => {
      await asked();
      const results = await Promise.allSettled([
        swaps().accept('swap-1', taking('mem-bob'), [aMessage('taken-by-bob-to-ann'), aMessage('taken-by-bob-to-bob')]),
        swaps().accept('swap-1', taking('mem-cat'), [aMessage('taken-by-cat-to-ann'), aMessage('taken-by-cat-to-cat')]),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toEqual(new ConflictError(SWAP_MESSAGES.taken));
      const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<DutySwap>).value.takenBy!;
      expect((await duties().getSlot('slot-safety'))!.holders.map((h) => h.memberId)).toEqual([winner]);
      expect((await swaps().get('swap-1'))!.takenBy).toBe(winner);
      const loser = winner === 'mem-bob' ? 'mem-cat' : 'mem-bob';
      expect(await duties().listMemberDuties(loser)).toEqual([]);
      const name = (member: string) => member.slice('mem-'.length);
      expect(await stored(`taken-by-${name(winner)}-to-ann`, `taken-by-${name(winner)}-to-${name(winner)}`)).toEqual([
        `About taken-by-${name(winner)}-to-ann`,
        `About taken-by-${name(winner)}-to-${name(winner)}`,
      ]);
      expect(await stored(`taken-by-${name(loser)}-to-ann`, `taken-by-${name(loser)}-to-${name(loser)}`)).toEqual([null, null]);
    });
  });
}
