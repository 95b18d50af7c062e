import { describe, expect, it } from 'vitest';
import { withCoreErrors } from '../../../adapters/firestore/firestore-errors';

/** A gRPC error as the Firestore SDK throws it. */
const grpcError = (code: number, message: string) => Object.assign(new Error(`${code} ${message}`), { code, details: message });

describe('a Firestore transaction closed before it committed', () => {
  it('is run again, and its answer is the second run’s', async () => {
    let runs = 0;
    const answer = await withCoreErrors(async () => {
      runs += 1;
      if (runs === 1) throw grpcError(3, 'INVALID_ARGUMENT: Transaction is invalid or closed.');
      return 'joined';
    });
    expect({ answer, runs }).toEqual({ answer: 'joined', runs: 2 });
  });

  it('is given up after three runs, with the error a caller sees for any failed call', async () => {
    let runs = 0;
    const failing = withCoreErrors(async () => {
      runs += 1;
      throw grpcError(3, 'INVALID_ARGUMENT: Transaction is invalid or closed.');
    });
    await expect(failing).rejects.toThrow();
    expect(runs).toBe(3);
  });

  it('other invalid arguments are not run again', async () => {
    let runs = 0;
    await expect(
      withCoreErrors(async () => {
        runs += 1;
        throw grpcError(3, 'INVALID_ARGUMENT: Value for argument "documentPath" is not a valid resource path.');
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
