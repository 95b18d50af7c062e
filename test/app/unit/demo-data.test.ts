import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { placesLeft } from '../../../core/bookings/booking-state';
import { bookingClosedReason } from '../../../core/events/event-time';
import { validateBookingForm } from '../../../core/bookings/booking-validation';
import { isShownOnCalendar } from '../../../core/calendar/calendar';
import { isAllDay } from '../../../core/events/calendar-span';
import { londonDate } from '../../../core/shared/london-time';
import { relativeTime } from '../../../core/news/news';
import { priceBooking } from '../../../core/bookings/pricing';
import { BookingSchema } from '../../../core/bookings/booking';
import { ImportedCampaignSchema } from '../../../core/news/imported-campaign';
import { DocumentSchema } from '../../../core/documents/document';
import { EventSchema, type ClubEvent } from '../../../core/events/event';
import { SearchRecordSchema } from '../../../core/search/search-hit';
import { WaterLevelReadingSchema } from '../../../core/water-levels/water-level';
import { WorkDaySchema, WorkDaySignupSchema } from '../../../core/work-days/work-day';
import { demoData } from '../../../server/seed/demo-data';
import { pageSearchRecords } from '../../../core/content/site-pages';
import { SITE_PAGE_SLUGS } from '../../../core/site-pages/site-page';
import { defaultSitePage } from '../../../core/site-pages/site-page-defaults';
import { pagesIndexRecords } from '../../../core/site-pages/site-pages';
import { renderDocumentPdf } from '../../../server/seed/render-document-pdf';

const NOW = new Date('2026-06-01T09:00:00.000Z');
// Around both clock changes, late at night and at New Year, where date arithmetic goes wrong.
const AWKWARD_NOWS = [
  NOW,
  new Date('2026-03-29T00:30:00.000Z'),
  new Date('2026-03-30T23:30:00.000Z'),
  new Date('2026-10-25T00:59:00.000Z'),
  new Date('2026-10-25T23:30:00.000Z'),
  new Date('2025-12-31T23:59:59.000Z'),
  new Date('2028-02-29T12:00:00.000Z'),
];
// The few WinAnsi characters outside Latin-1 that the demo documents use.
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x91: '‘', 0x92: '’', 0x96: '–' };
function fromWinAnsi(bytes: Buffer): string {
  return [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');
}

/** The text a PDF draws: pdf-lib writes standard-font text as hex strings in deflated content streams. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const hex: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) hex.push(fromWinAnsi(Buffer.from(t[1], 'hex')));
  }
  return hex.join('\n');
}

const URL_SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function openForBooking(events: ClubEvent[], now: Date) {
  return events.filter((e) => bookingClosedReason(e, now) === null);
}

describe('demoData', () => {
  it('gives entities that the core schemas accept, with unique URL-safe ids', () => {
    const data = demoData(NOW);
    for (const e of data.events) expect(EventSchema.parse(e)).toEqual(e);
    for (const b of data.bookings) expect(BookingSchema.parse(b)).toEqual(b);
    for (const w of data.workDays) expect(WorkDaySchema.parse(w)).toEqual(w);
    for (const s of data.workDaySignups) expect(WorkDaySignupSchema.parse(s)).toEqual(s);
    for (const c of data.campaigns) expect(ImportedCampaignSchema.parse(c)).toEqual(c);
    for (const d of data.documents) expect(DocumentSchema.parse(d.document)).toEqual(d.document);
    for (const r of data.waterLevels) expect(WaterLevelReadingSchema.parse(r)).toEqual(r);
    for (const p of pageSearchRecords()) expect(SearchRecordSchema.parse(p)).toEqual(p);

    const ids = [
      ...data.events.map((e) => e.id),
      ...data.bookings.map((b) => b.id),
      ...data.workDays.map((w) => w.id),
      ...data.workDays.flatMap((w) => w.jobs.map((j) => j.id)),
      ...data.workDaySignups.map((s) => s.id),
      ...data.campaigns.map((c) => c.id),
      ...data.documents.map((d) => d.document.id),
      ...pageSearchRecords().map((p) => p.objectID),
    ];
    for (const id of ids) expect(id).toMatch(URL_SAFE_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is deterministic, and its ids do not depend on the date', () => {
    expect(demoData(NOW)).toEqual(demoData(new Date(NOW)));
    const later = demoData(new Date('2027-01-15T18:00:00.000Z'));
    expect(later.events.map((e) => e.id)).toEqual(demoData(NOW).events.map((e) => e.id));
    expect(later.documents.map((d) => d.document.id)).toEqual(demoData(NOW).documents.map((d) => d.document.id));
  });

  // A day in each half of every month of a year, then the awkward ones.
  const YEAR_ROUND = [...Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, Math.floor(i / 2), i % 2 === 0 ? 3 : 18, 10))), ...AWKWARD_NOWS];
  const SEASONS: Record<string, readonly number[]> = {
    'midsummer-barbecue': [6, 7],
    'wednesday-evening-series': [5, 6, 7, 8],
    'lake-garda-flotilla': [5, 6, 9],
    'push-the-boat-out': [5, 6, 7, 8, 9],
    'laying-up-supper': [10, 11],
    'spring-pursuit-race': [3, 4, 5],
  };
  const monthInLondon = (instant: string) => Number(londonDate(new Date(instant)).slice(5, 7));

  it.each(YEAR_ROUND.map((now) => [now.toISOString(), now] as const))('puts seasonal events and work days in their season, seeded on %s', (_, now) => {
    const data = demoData(now);
    for (const [id, months] of Object.entries(SEASONS)) {
      const event = data.events.find((e) => e.id === id)!;
      expect(months, `${event.name} on ${event.eventdatetime}`).toContain(monthInLondon(event.eventdatetime!));
    }
    const over = data.events.find((e) => e.id === 'spring-pursuit-race')!;
    expect(Date.parse(over.eventdatetime!)).toBeLessThan(now.getTime());
    for (const e of data.events.filter((e) => e.id !== 'spring-pursuit-race' && e.eventdatetime !== null))
      expect(Date.parse(e.eventdatetime!), e.id).toBeGreaterThan(now.getTime());
    const [spring, autumn] = data.workDays;
    expect([3, 4], spring.name).toContain(monthInLondon(spring.date!));
    expect([10, 11], autumn.name).toContain(monthInLondon(autumn.date!));
    // Every booking was made after its event was listed and, for the race already over, before it.
    for (const b of data.bookings) {
      const event = data.events.find((e) => e.id === b.eventId)!;
      expect(Date.parse(b.submittedAt), b.id).toBeGreaterThan(Date.parse(event.createdAt));
      expect(Date.parse(b.submittedAt), b.id).toBeLessThan(Math.min(now.getTime(), Date.parse(event.eventdatetime!)));
    }
  });

  describe.each(AWKWARD_NOWS.map((now) => [now.toISOString(), now] as const))('events relative to %s', (_, now) => {
    const { events } = demoData(now);
    const open = openForBooking(events, now);

    it('has about ten events, most of them still to come and open for booking', () => {
      expect(events.length).toBeGreaterThanOrEqual(9);
      expect(events.length).toBeLessThanOrEqual(12);
      expect(open.length).toBeGreaterThanOrEqual(5);
      const upcoming = events.filter((e) => e.eventdatetime !== null && Date.parse(e.eventdatetime) > now.getTime());
      expect(upcoming.length).toBeGreaterThanOrEqual(7);
      // "the year ahead": the furthest is more than two months but less than a year away.
      const furthest = Math.max(...upcoming.map((e) => Date.parse(e.eventdatetime!)));
      expect(furthest - now.getTime()).toBeGreaterThan(60 * 86_400_000);
      expect(furthest - now.getTime()).toBeLessThan(366 * 86_400_000);
      for (const e of events) expect(Date.parse(e.createdAt)).toBeLessThanOrEqual(now.getTime());
    });

    it('offers free and paid events in GBP and EUR, and every optional booking field, on open events', () => {
      expect(open.some((e) => !e.requiresPayment)).toBe(true);
      expect(open.some((e) => e.requiresPayment && e.price > 0 && e.currency === 'GBP')).toBe(true);
      expect(open.some((e) => e.requiresPayment && e.price > 0 && e.currency === 'EUR')).toBe(true);
      expect(open.some((e) => e.offerChild)).toBe(true);
      expect(open.some((e) => e.offerSoftDrinks)).toBe(true);
      expect(open.some((e) => e.offerVeg)).toBe(true);
      expect(open.some((e) => e.isBoatEvent)).toBe(true);
      expect(open.some((e) => e.offerChild && e.offerSoftDrinks && e.offerVeg && e.isBoatEvent && e.requiresPayment)).toBe(true);
      // The benchmark and the API tests book a free event without a capacity.
      expect(open.some((e) => !e.requiresPayment && e.capacity === null)).toBe(true);
    });

    it('speaks of children as the booking form and decisions do: "12 years or under", never "under 12"', () => {
      for (const e of events) {
        const text = `${e.name} ${e.description} ${e.longdescription}`;
        expect(text, e.id).not.toMatch(/under[\s-]*(?:the age of\s*)?12\b|12\s*and\s*under|below\s*12/i);
        if (/children[^.]*half[\s-]price/i.test(text)) expect(text, e.id).toContain('children 12 years or under');
      }
      expect(events.some((e) => e.longdescription.includes('children 12 years or under sail at half price'))).toBe(true);
    });

    it('has a small-capacity event with some places still left', () => {
      const { bookings } = demoData(now);
      const small = open.filter((e) => e.capacity !== null && e.capacity <= 10);
      expect(small).toHaveLength(1);
      const left = placesLeft(
        small[0].capacity,
        bookings.filter((b) => b.eventId === small[0].id),
        now,
      );
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(small[0].capacity!);
    });

    it('has one event closed by allowBooking, one past its booking deadline and one already over', () => {
      const reasons = events.map((e) => bookingClosedReason(e, now));
      const notBookable = events.filter((e, i) => reasons[i] === 'not-bookable' && e.eventdatetime !== null);
      expect(notBookable.length).toBe(1);
      expect(Date.parse(notBookable[0].eventdatetime!)).toBeGreaterThan(now.getTime());
      const deadline = events.filter((_, i) => reasons[i] === 'deadline-passed');
      expect(deadline).toHaveLength(1);
      expect(deadline[0].allowBooking).toBe(true);
      expect(Date.parse(deadline[0].eventdatetime!)).toBeGreaterThan(now.getTime());
      const over = events.filter((_, i) => reasons[i] === 'event-over');
      expect(over).toHaveLength(1);
      expect(isShownOnCalendar(over[0], now)).toBe(false);
      expect(events.filter((e) => !isShownOnCalendar(e, now))).toEqual(over);
    });

    it('has an all-day event starting at midnight London time and one whose date is to be confirmed', () => {
      const allDay = events.filter((e) => e.eventdatetime !== null && isAllDay(e));
      expect(allDay).toHaveLength(1);
      expect(bookingClosedReason(allDay[0], now)).toBeNull();
      expect(events.filter((e) => e.eventdatetime === null)).toHaveLength(1);
      for (const e of events) {
        if (e.eventenddatetime) expect(Date.parse(e.eventenddatetime)).toBeGreaterThan(Date.parse(e.eventdatetime!));
      }
    });

    it('campaigns read Yesterday, 3 days, 2 weeks, 3 weeks ago, then dates; five carry their text, one has no preview at all', () => {
      const { campaigns } = demoData(now);
      expect(campaigns).toHaveLength(6);
      expect(campaigns.map((c) => relativeTime(c.finished_at, now)).slice(0, 4)).toEqual(['Yesterday', '3 days ago', '2 weeks ago', '3 weeks ago']);
      for (const c of campaigns.slice(4)) expect(relativeTime(c.finished_at, now)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      // No outside links: the demo's e-mails open in the app (an invented address would lead nowhere).
      expect(campaigns.every((c) => c.preview_url === null)).toBe(true);
      expect(campaigns.filter((c) => !c.content).map((c) => c.id)).toEqual(['cmp-water-level']);
    });

    it('gives a year of daily water levels ending today, fuller in spring than in autumn', () => {
      const { waterLevels } = demoData(now);
      expect(waterLevels).toHaveLength(365);
      expect(waterLevels[364].date).toBe(londonDate(now));
      for (let i = 1; i < waterLevels.length; i++) {
        expect(Date.parse(waterLevels[i].date) - Date.parse(waterLevels[i - 1].date)).toBe(86_400_000);
        expect(Math.abs(waterLevels[i].percentFull - waterLevels[i - 1].percentFull)).toBeLessThan(2.5);
      }
      const mean = (month: string) => {
        const values = waterLevels.filter((r) => r.date.slice(5, 7) === month).map((r) => r.percentFull);
        return values.reduce((a, b) => a + b, 0) / values.length;
      };
      expect(mean('03') - mean('09')).toBeGreaterThan(20);
      const values = waterLevels.map((r) => r.percentFull);
      expect(new Set(values).size).toBeGreaterThan(100);
    });
  });

  it('water levels of the same day are the same whichever day the data is made on', () => {
    const a = demoData(NOW).waterLevels;
    const b = demoData(new Date(NOW.getTime() + 30 * 86_400_000)).waterLevels;
    const byDate = new Map(b.map((r) => [r.date, r.percentFull]));
    for (const r of a.slice(30)) expect(byDate.get(r.date)).toBe(r.percentFull);
  });

  it('demo bookings pass the booking form rules of their event and carry the server price', () => {
    const { events, bookings } = demoData(NOW);
    expect(bookings.length).toBeGreaterThan(5);
    for (const b of bookings) {
      const event = events.find((e) => e.id === b.eventId)!;
      expect(b.eventName).toBe(event.name);
      const check = validateBookingForm(
        {
          firstName: b.firstName,
          lastName: b.lastName,
          numberAttending: b.numberAttending,
          numberOfChildren: b.numberOfChildren,
          numberOfSoftDrinks: b.numberOfSoftDrinks,
          numberOfVegetarian: b.numberOfVegetarian,
          boatName: b.boatName ?? '',
          email: b.userEmail ?? '',
        },
        event,
        { maxAttendees: 50, testHook: false },
      );
      expect(check.ok).toBe(true);
      if (check.ok) expect(check.value.boatName).toBe(b.boatName);
      const amount = priceBooking(event, b);
      expect(b.paymentRequired).toBe(amount > 0);
      if (event.requiresPayment) expect(b.paymentAmount).toBe(amount);
      if (b.paid) expect(b.paymentId).not.toBeNull();
      expect(Date.parse(b.submittedAt)).toBeLessThan(NOW.getTime());
    }
    const statuses = new Set(bookings.map((b) => (b.paid ? 'Paid' : b.paymentRequired ? 'Pending' : 'Free')));
    expect(statuses).toEqual(new Set(['Paid', 'Pending', 'Free']));
  });

  it('has two work days with jobs, one offering food, and sign-ups for real jobs', () => {
    const { workDays, workDaySignups } = demoData(NOW);
    expect(workDays).toHaveLength(2);
    expect(workDays.map((w) => w.foodAvailable).sort()).toEqual([false, true]);
    for (const w of workDays) {
      expect(w.active).toBe(true);
      expect(w.jobs.length).toBeGreaterThanOrEqual(3);
      expect(Date.parse(w.date!)).toBeGreaterThan(NOW.getTime());
    }
    for (const s of workDaySignups) {
      const workDay = workDays.find((w) => w.id === s.workDayId)!;
      for (const job of s.selectedJobs) expect(workDay.jobs.map((j) => j.id)).toContain(job);
      expect(s.selectedJobs.length > 0 || s.otherJob.trim() !== '').toBe(true);
      if (s.wantsFood) expect(workDay.foodAvailable).toBe(true);
    }
  });
});

describe('demo documents', () => {
  const SPEC_DOCUMENTS = [
    /constitution/i,
    /members handbook/i,
    /water authority/i,
    /disciplinary and grievance/i,
    /membership fees/i,
    /payment instructions/i,
    /overnight moorings map/i,
  ];

  it('are the seven documents of the spec, each a small PDF with a title page and text', async () => {
    const { documents } = demoData(NOW);
    expect(documents).toHaveLength(7);
    for (const pattern of SPEC_DOCUMENTS) expect(documents.filter((d) => pattern.test(d.document.title))).toHaveLength(1);
    for (const demo of documents) {
      const file = await renderDocumentPdf(demo);
      expect(file.contentType).toBe('application/pdf');
      expect(file.fileName).toBe(demo.document.fileName);
      expect(Buffer.from(file.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(file.bytes.length).toBeLessThan(30_000);
      const parsed = await PDFDocument.load(file.bytes);
      expect(parsed.getTitle()).toBe(demo.document.title);
      expect(parsed.getPageCount()).toBeGreaterThanOrEqual(2);
      const lines = demo.sections.flatMap((s) => s.lines);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      const drawn = pdfText(file.bytes);
      expect(drawn).toContain(demo.document.title);
      for (const section of demo.sections) expect(drawn).toContain(section.heading);
      for (const line of lines) expect(drawn).toContain(line);
    }
  });

  it('render to the same bytes every time', async () => {
    const [first] = demoData(NOW).documents;
    const a = await renderDocumentPdf(first);
    const b = await renderDocumentPdf(first);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });
});

const PAGES_INDEX = await pagesIndexRecords(SITE_PAGE_SLUGS.map((slug) => defaultSitePage(slug, 'Kestrel Yacht Club')));

describe('the pages index (fixed pages and the editable pages with their original words)', () => {
  const records = PAGES_INDEX;
  const text = (path: string) =>
    records
      .filter((r) => r.path === path)
      .map((r) => [r.title, r.description, r.longdescription ?? '', ...r.tags].join(' '))
      .join(' ')
      .toLowerCase();

  it('describes every page as a page hit with a path; the fixed pages with tags', () => {
    for (const r of records) {
      expect(r.type).toBe('page');
      expect(r.title).toBeTruthy();
      expect(r.description).toBeTruthy();
      expect(SearchRecordSchema.parse(r)).toEqual(r);
    }
    for (const r of pageSearchRecords()) expect(r.tags.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.path))).toEqual(new Set(['/beginners', '/information', '/privacy', '/news', '/calendar', '/documents']));
    for (const id of records.map((r) => r.objectID)) expect(id).toMatch(URL_SAFE_ID);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
  });

  it('carries the advice members search for', () => {
    for (const words of ['channel 16', 'channel 8', 'channel 77', 'hull speed', 'lingo']) expect(text('/beginners')).toContain(words);
    for (const words of ['trip slip', 'noticeboard', 'water level']) expect(text('/information')).toContain(words);
  });
});
