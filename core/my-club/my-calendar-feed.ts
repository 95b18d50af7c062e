import { calendarFeedSince, feedText } from '../calendar/calendar-feed';
import type { MemberRepository } from '../members/member-repository.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { NotFoundError } from '../shared/errors';
import { memberCalendarFeedPath } from '../shared/paths';
import type { SecretTokens } from '../shared/secret-tokens.port';
import { UseCase } from '../shared/use-case';
import type { MemberCalendarFeedRepository } from './member-calendar-feed-repository.port';
import type { MyCalendarEntrySource } from './my-calendar-entries';
import type { MyCalendarFeedLink } from './my-club-schema';

/** A feed address that opens nothing (never given, reset since, or its member gone or disabled). */
export const MY_CALENDAR_FEED_NOT_FOUND = 'Calendar feed not found';

/** The member's feed address, or null before they make one. */
export class GetMyCalendarFeedLink extends UseCase<{ calendarFeeds: MemberCalendarFeedRepository }> {
  async execute(member: Pick<Member, 'id'>): Promise<MyCalendarFeedLink> {
    const secret = await this.deps.calendarFeeds.secretOf(member.id);
    return { path: secret === null ? null : memberCalendarFeedPath(secret) };
  }
}

/**
 * Makes the member's feed address, or a new one in place of the old (which then answers 404): a
 * long random secret (256 bits) from SecretTokens, stored as it is so My club can show it again.
 */
export class ResetMyCalendarFeed extends UseCase<{ calendarFeeds: MemberCalendarFeedRepository; secrets: SecretTokens; clock: Clock }> {
  async execute(member: Pick<Member, 'id'>): Promise<MyCalendarFeedLink> {
    const secret = this.deps.secrets.generate();
    await this.deps.calendarFeeds.replace(member.id, secret, this.deps.clock.now());
    return { path: memberCalendarFeedPath(secret) };
  }
}

export interface GetMyCalendarFeedDeps {
  calendarFeeds: MemberCalendarFeedRepository;
  members: MemberRepository;
  /** Where the entries come from: bookings, work-day jobs... (core/my-club/my-calendar-entries.ts). */
  sources: readonly MyCalendarEntrySource[];
  clock: Clock;
  siteSettings: { clubName: string };
}

/**
 * A member's private calendar feed (GET /calendar/my/<secret>.ics): the entries of every source
 * for the member the secret names, of the club feed's window (the last three months and later),
 * as one VCALENDAR. 404 for a secret that opens nothing, or whose member is off the list or disabled.
 */
export class GetMyCalendarFeed extends UseCase<GetMyCalendarFeedDeps> {
  async execute(secret: string): Promise<string> {
    const memberId = secret.length > 0 && secret.length <= 200 ? await this.deps.calendarFeeds.memberOf(secret) : null;
    const member = memberId === null ? null : await this.deps.members.get(memberId);
    if (!member || member.disabled) throw new NotFoundError(MY_CALENDAR_FEED_NOT_FOUND);
    const now = this.deps.clock.now();
    const entries = (await Promise.all(this.deps.sources.map((source) => source(member, now)))).flat();
    const { clubName } = this.deps.siteSettings;
    return feedText(entries, { calendarName: `${clubName}: my bookings and jobs`, location: clubName, since: calendarFeedSince(now) });
  }
}
