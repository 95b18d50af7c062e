import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryLoginAttemptStore } from '../../../../adapters/memory/memory-login-attempt-store';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemorySignInCodeRepository } from '../../../../adapters/memory/memory-sign-in-code-repository';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { CryptoSecretTokens } from '../../../../adapters/node-crypto/crypto-secret-tokens';
import { HmacSignInKeys } from '../../../../adapters/node-crypto/hmac-sign-in-keys';
import { SIGN_IN_MESSAGES } from '../../../../core/member-sign-in/member-sign-in';
import { MEMBER_SIGN_IN_MAIL_KIND } from '../../../../core/mail/secret-mail-kinds';
import { RequestSignInCode } from '../../../../core/member-sign-in/request-sign-in-code';

/**
 * No enumeration by timing (docs/member-sign-in.md): the answer to a member must not wait for any work a stranger's
 * answer does not do. Rather than compare wall-clock medians (which a busy machine skews), this
 * records every storage call the use case makes before its answer is settled: for a member and a
 * stranger they are the same calls, and the code's storage and e-mail come only after the answer.
 * The time each takes is printed by `npm run bench` (bench/sign-in-timing.ts).
 */
function recorded<T extends object>(name: string, target: T, log: string[]): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        log.push(`${name}.${String(property)}`);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

async function makeWorld() {
  const log: string[] = [];
  const members = new MemoryMemberRepository();
  const outbox = new MemoryOutbox();
  await members.create({
    id: 'member-ann',
    name: 'Ann Sailor',
    email: 'ann@example.org',
    membershipType: 'Adult',
    renewalDate: '2027-03-31',
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const useCase = new RequestSignInCode({
    members: recorded('members', members, log),
    loginAttempts: recorded('loginAttempts', new MemoryLoginAttemptStore(), log),
    signInCodes: recorded('signInCodes', new MemorySignInCodeRepository(), log),
    secrets: new CryptoSecretTokens(),
    signInKeys: new HmacSignInKeys('a-test-secret-of-at-least-32-characters'),
    outbox: recorded('outbox', outbox, log),
    ids: new SequentialIdGenerator('mail'),
    clock: new FixedClock('2026-06-01T09:00:00.000Z'),
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.kestrel-yc.example' },
    reportSignInCodeError: (error) => {
      throw error;
    },
  });
  return { log, outbox, useCase };
}

/** The storage calls made until the answer is settled, and the answer. */
async function callsBeforeAnswer(email: string) {
  const world = await makeWorld();
  const answer = await world.useCase.execute({ email }, { ip: '203.0.113.7' });
  const before = [...world.log];
  await world.useCase.lastSend;
  return { ...world, answer, before };
}

describe('asking for a sign-in code: no enumeration by timing', () => {
  it('makes the same storage calls before answering a member as a stranger, and gives the same answer', async () => {
    const member = await callsBeforeAnswer('Ann@Example.org');
    const stranger = await callsBeforeAnswer('nobody@example.org');
    expect(member.answer).toEqual({ message: SIGN_IN_MESSAGES.sent });
    expect(stranger.answer).toEqual(member.answer);
    expect(member.before).toEqual(stranger.before);
    expect(member.before).toEqual(['loginAttempts.countSince', 'loginAttempts.reserve', 'members.getByEmail']);
  });

  it("stores the member's code and queues its e-mail only after the answer, and for a stranger never", async () => {
    const member = await callsBeforeAnswer('ann@example.org');
    expect(member.log.slice(member.before.length)).toEqual(['signInCodes.get', 'signInCodes.put', 'outbox.add']);
    expect((await member.outbox.list()).map((message) => [message.kind, message.mail.to])).toEqual([[MEMBER_SIGN_IN_MAIL_KIND, 'ann@example.org']]);

    const stranger = await callsBeforeAnswer('nobody@example.org');
    expect(stranger.log).toEqual(stranger.before);
    expect(await stranger.outbox.list()).toEqual([]);
  });
});
