import { StaleWriteError } from '../shared/errors';
import type { Member } from './member';
import type { MemberRepository } from './member-repository.port';
import { NotFoundError } from '../shared/errors';

/** How many times a write based on a read is tried on a fresh read before it says the member changed meanwhile. */
export const STALE_WRITE_ATTEMPTS = 5;

/**
 * Runs `write` on the member as the caller read them (`read`), and again on a fresh read each time
 * another write changed the member meanwhile: `write` passes `current.updatedAt` as
 * MemberRepository.update's `expectedUpdatedAt`, so what it changes is applied to the member as
 * stored, never over a renewal or edit made in between (docs/members.md#changes-made-at-the-same-moment).
 * Gone meanwhile: NotFoundError with `notFound`. Changed on every try: the last StaleWriteError.
 */
export async function writeOnLatest<T>(
  members: Pick<MemberRepository, 'get'>,
  read: Member,
  notFound: string,
  write: (current: Member) => Promise<T>,
): Promise<T> {
  let current = read;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(current);
    } catch (error) {
      if (!(error instanceof StaleWriteError) || attempt >= STALE_WRITE_ATTEMPTS) throw error;
    }
    const fresh = await members.get(read.id);
    if (!fresh) throw new NotFoundError(notFound);
    current = fresh;
  }
}
