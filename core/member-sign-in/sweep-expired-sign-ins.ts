import type { PasskeyChallengeRepository } from './passkey-challenge-repository.port';
import type { MemberSessionRepository } from './member-session-repository.port';
import type { SignInCodeRepository } from './sign-in-code-repository.port';
import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';

export interface SweepExpiredSignInsDeps {
  signInCodes: SignInCodeRepository;
  passkeyChallenges: PasskeyChallengeRepository;
  memberSessions: MemberSessionRepository;
  clock: Clock;
}

/** How many records of each kind a sweep removed. */
export interface SignInSweep {
  codes: number;
  passkeyChallenges: number;
  memberSessions: number;
}

/**
 * Removes the members' sign-in codes, passkey challenges and member sessions that have expired
 * (docs/member-sign-in.md, Storage). Run by the scheduled jobs' sign-in sweep and at each start, so
 * a server that runs for months keeps no dead secrets' hashes.
 */
export class SweepExpiredSignIns extends UseCase<SweepExpiredSignInsDeps> {
  async execute(): Promise<SignInSweep> {
    const now = this.deps.clock.now();
    return {
      codes: await this.deps.signInCodes.deleteExpired(now),
      passkeyChallenges: await this.deps.passkeyChallenges.deleteExpired(now),
      memberSessions: await this.deps.memberSessions.deleteExpired(now),
    };
  }
}
