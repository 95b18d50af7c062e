import { expect, it } from 'vitest';
import type { MemberCalendarFeedRepository } from '../../../../core/my-club/member-calendar-feed-repository.port';
import { describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

const AT = new Date('2026-06-01T09:00:00.000Z');

export function describeMemberCalendarFeedRepositoryContract(name: string, makeAdapter: AdapterFactory<MemberCalendarFeedRepository>): void {
  describeContract('MemberCalendarFeedRepository', name, makeAdapter, (feeds) => {
    itAnswers(
      'has no secret for a member who made none, and a secret never given opens nothing',
      [() => feeds().secretOf('m-1'), null],
      [() => feeds().memberOf('never-given'), null],
      [() => feeds().memberOf(''), null],
    );

    it('gives each member their secret; a replacement is the only one that opens the member’s feed', async () => {
      await feeds().replace('m-1', 'secret-one', AT);
      await feeds().replace('m-2', 'secret-two', AT);
      expect(await feeds().secretOf('m-1')).toBe('secret-one');
      expect(await feeds().memberOf('secret-one')).toBe('m-1');
      expect(await feeds().memberOf('secret-two')).toBe('m-2');
      await feeds().replace('m-1', 'secret-three', new Date(AT.getTime() + 1000));
      expect(await feeds().secretOf('m-1')).toBe('secret-three');
      expect(await feeds().memberOf('secret-one')).toBeNull();
      expect(await feeds().memberOf('secret-three')).toBe('m-1');
      expect(await feeds().memberOf('secret-two')).toBe('m-2');
    });

    it('of two replacements at once, one secret stands and only it opens the feed', async () => {
      await Promise.all([feeds().replace('m-1', 'racing-a', AT), feeds().replace('m-1', 'racing-b', AT)]);
      const standing = await feeds().secretOf('m-1');
      expect(['racing-a', 'racing-b']).toContain(standing);
      const other = standing === 'racing-a' ? 'racing-b' : 'racing-a';
      expect(await feeds().memberOf(standing!)).toBe('m-1');
      expect(await feeds().memberOf(other)).toBeNull();
    });
  });
}
