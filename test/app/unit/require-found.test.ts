import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../core/shared/errors';
import { requireFound } from '../../../core/shared/require-found';

describe('requireFound: load a record or refuse with its own "not found" message', () => {
  it('gives back the record the lookup found, whatever it holds', async () => {
    const event = { id: 'e1', name: 'Summer sail' };
    await expect(requireFound(Promise.resolve(event), 'Event not found')).resolves.toBe(event);
    await expect(requireFound(Promise.resolve(0), 'Reading not found')).resolves.toBe(0);
    await expect(requireFound(Promise.resolve(''), 'Note not found')).resolves.toBe('');
  });

  it('refuses a missing record (null or undefined) with a NotFoundError carrying the message given', async () => {
    for (const missing of [null, undefined]) {
      const refusal = requireFound(Promise.resolve(missing), 'Event not found');
      await expect(refusal).rejects.toBeInstanceOf(NotFoundError);
      await expect(refusal).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Event not found' });
    }
  });

  it('lets a failed lookup fail as it did, not as a missing record', async () => {
    const broken = new Error('database unavailable');
    await expect(requireFound(Promise.reject(broken), 'Event not found')).rejects.toBe(broken);
  });
});
