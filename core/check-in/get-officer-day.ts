import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { paymentStatus } from '../bookings/booking-state';
import type { Booking } from '../bookings/booking';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { ConditionsRepository } from '../conditions/conditions-repository.port';
import { goNoGoPanel } from '../conditions/go-no-go';
import { slotsOfEvent } from '../conditions/safety-cover';
import type { DutyRepository } from '../duties/duty-repository.port';
import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { MemberRepository } from '../members/member-repository.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { addDaysToDate, londonDate, parseInstant, startOfLondonDay } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { noAttendance, type Attendance } from './attendance';
import type { AttendanceStore } from './attendance-store.port';
import type { EmergencyContact, OfficerBooking, OfficerDay, OfficerEvent } from './officer-day-schema';

export interface GetOfficerDayDeps {
  events: Pick<EventRepository, 'listNotOverBefore'>;
  bookings: Pick<BookingRepository, 'listByEvent' | 'placesTakenByEvent'>;
  attendance: Pick<AttendanceStore, 'getMany' | 'listWalkIns'>;
  conditions: Pick<ConditionsRepository, 'getLimits' | 'getForecast' | 'getEvents'>;
  duties: Pick<DutyRepository, 'listSlotsOfEvents' | 'listCatalogue'>;
  members: Pick<MemberRepository, 'get' | 'getByEmail'>;
  clock: Clock;
  /** The club's own emergency numbers (CLUB_EMERGENCY_CONTACTS). */
  emergencyContacts: readonly EmergencyContact[];
}

/** A booking that stands: not cancelled, and not an unpaid hold that expired. */
function stands(booking: Booking, now: Date): boolean {
  const status = paymentStatus(booking, now);
  return booking.cancelledAt === null && status !== 'Expired' && status !== 'Cancelled';
}

/** How to reach a person and their emergency contact, as the member list holds them (null when it holds none). */
function contactOf(member: Member | null | undefined): Pick<OfficerBooking, 'phone' | 'emergencyContactName' | 'emergencyContactPhone'> {
  return {
    phone: member?.phone ?? null,
    emergencyContactName: member?.emergencyContactName ?? null,
    emergencyContactPhone: member?.emergencyContactPhone ?? null,
  };
}

function officerBooking(booking: Booking, attendance: Attendance | undefined, booker: Member | null): OfficerBooking {
  return {
    ...contactOf(booker),
    bookingId: booking.id,
    reference: booking.reference,
    name: `${booking.firstName} ${booking.lastName}`,
    numberAttending: booking.numberAttending,
    numberOfChildren: booking.numberOfChildren,
    boatName: booking.boatName,
    householdAttendees: booking.householdAttendees.map(({ personId, name, place }) => ({ personId, name, place })),
    attendance: attendance ?? noAttendance(booking),
  };
}

/**
 * The officer of the day's page (bookings:write, docs/officer-of-the-day.md): today's and tomorrow's events (London
 * dates), each with its bookings and their attendance, its duty roster with the holders' phones
 * and emergency contacts, and its go/no-go panel; and the club's emergency numbers. Each booker
 * who is a member shows with their phone and emergency contact from the member list: the officer
 * (bookings:write) is the one who rings them if a sailor is in trouble (docs/officer-of-the-day.md).
 */
export class GetOfficerDay extends UseCase<GetOfficerDayDeps> {
  /** The booker's member record: the booking's signed-in member, else the member with the booking's e-mail. */
  private async bookerOf(booking: Booking): Promise<Member | null> {
    const byId = booking.memberId ? await this.deps.members.get(booking.memberId) : null;
    if (byId) return byId;
    const email = booking.userEmail?.trim();
    return email ? this.deps.members.getByEmail(email) : null;
  }

  async execute(admin: Admin): Promise<OfficerDay> {
    requirePermission(admin, 'bookings.write');
    const now = this.deps.clock.now();
    const today = londonDate(now);
    const tomorrow = addDaysToDate(today, 1);
    const dateOf = (event: ClubEvent) => {
      const start = parseInstant(event.eventdatetime);
      return start ? londonDate(start) : null;
    };
    const events = (await this.deps.events.listNotOverBefore(startOfLondonDay(now)))
      .filter((event) => [today, tomorrow].includes(dateOf(event) ?? ''))
      .sort((a, b) => (a.eventdatetime ?? '').localeCompare(b.eventdatetime ?? ''));
    const ids = events.map((event) => event.id);
    const dates = events.map(dateOf);
    const none = ids.length === 0;
    const [limits, forecast, records, places, slots, dutyTypes, bookingLists, walkIns] = await Promise.all([
      this.deps.conditions.getLimits(),
      this.deps.conditions.getForecast(),
      this.deps.conditions.getEvents(ids),
      none ? new Map<string, number>() : this.deps.bookings.placesTakenByEvent(ids, now),
      none ? [] : this.deps.duties.listSlotsOfEvents(ids),
      none ? [] : this.deps.duties.listCatalogue('dutyTypes'),
      Promise.all(ids.map((id) => this.deps.bookings.listByEvent(id))),
      none ? [] : this.deps.attendance.listWalkIns(ids),
    ]);
    const standing = bookingLists.map((list) => list.filter((booking) => stands(booking, now)));
    const attendance = await this.deps.attendance.getMany(standing.flat().map((booking) => booking.id));
    const holderIds = [...new Set(slots.flatMap((slot) => slot.holders.map((holder) => holder.memberId)))];
    const members = new Map<string, Member>();
    for (const member of await Promise.all(holderIds.map((id) => this.deps.members.get(id)))) if (member) members.set(member.id, member);
    const bookers = new Map<string, Member | null>();
    await Promise.all(standing.flat().map(async (booking) => bookers.set(booking.id, await this.bookerOf(booking))));

    const officerEvents: OfficerEvent[] = events.map((event, index) => {
      const eventSlots = slotsOfEvent(slots, event.id);
      return {
        id: event.id,
        name: event.name,
        eventdatetime: event.eventdatetime,
        eventenddatetime: event.eventenddatetime,
        cancelled: event.cancelledAt !== null,
        goNoGo: goNoGoPanel({
          event,
          record: records.get(event.id) ?? null,
          limits,
          forecast,
          placesTaken: places.get(event.id) ?? 0,
          slots: eventSlots,
          dutyTypes,
          now,
        }),
        duties: eventSlots.map((slot) => ({
          slotId: slot.id,
          dutyName: dutyTypes.find((type) => type.id === slot.dutyTypeId)?.name ?? slot.dutyTypeId,
          needed: slot.needed,
          holders: slot.holders.map((holder) => {
            const member = members.get(holder.memberId);
            return { memberId: holder.memberId, name: member?.name ?? 'Former member', ...contactOf(member) };
          }),
        })),
        bookings: (standing[index] ?? [])
          .map((booking) => officerBooking(booking, attendance.get(booking.id), bookers.get(booking.id) ?? null))
          .sort((a, b) => a.name.localeCompare(b.name)),
        walkIns: walkIns.filter((walkIn) => walkIn.eventId === event.id),
        capacity: event.capacity,
      };
    });
    return {
      generatedAt: now.toISOString(),
      days: [
        { date: today, label: 'Today', events: officerEvents.filter((_, index) => dates[index] === today) },
        { date: tomorrow, label: 'Tomorrow', events: officerEvents.filter((_, index) => dates[index] === tomorrow) },
      ],
      emergencyContacts: [...this.deps.emergencyContacts],
    };
  }
}
