import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { workDaySearchId, workDaySearchRecord } from '../../../../core/work-days/work-day-search-record';
import { campaignSearchRecord } from '../../../../core/campaigns/campaign-search-record';
import { documentSearchRecord } from '../../../../core/documents/document-search-record';
import { eventSearchRecord } from '../../../../core/events/event-search-record';
import { hitLink, resultCountText } from '../../../../core/search/search-display';
import { SearchRecordSchema } from '../../../../core/search/search-hit';
import { clubEventArb } from '../../../support/unit/arbitraries';
import { anEvent, aWorkDay } from '../../../support/entities';

// A bookable paid event with no end, no booking deadline and no capacity.
const regatta = anEvent({
  id: 'regatta-2026',
  description: 'Racing on the reservoir',
  longdescription: 'A full day of racing followed by a barbecue.',
  eventdatetime: '2026-06-06T09:00:00.000Z',
  eventenddatetime: null,
  bookingEndDate: null,
  capacity: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('eventSearchRecord', () => {
  it('describes a bookable paid event with its booking link, date and feature tags', () => {
    expect(eventSearchRecord(regatta)).toEqual({
      objectID: 'regatta-2026',
      type: 'event',
      category: 'event',
      name: 'Summer Regatta',
      description: 'Racing on the reservoir',
      longdescription: 'A full day of racing followed by a barbecue.',
      eventDate: Date.UTC(2026, 5, 6, 9) / 1000,
      bookingUrl: '/event-booking?id=regatta-2026',
      detailsUrl: '/calendar',
      tags: ['Boat event', 'Children', 'Vegetarian', 'Paid'],
    });
  });

  it('offers no booking link for a view-only event and no date when it is to be confirmed', () => {
    const record = eventSearchRecord({ ...regatta, allowBooking: false, eventdatetime: null });
    expect(record.bookingUrl).toBeUndefined();
    expect(record.eventDate).toBeUndefined();
    expect(record.detailsUrl).toBe('/calendar');
  });

  it('does not tag a free event as paid even when payment is switched on', () => {
    expect(eventSearchRecord({ ...regatta, price: 0 }).tags).not.toContain('Paid');
  });

  it('always gives a valid record whose link, date and tags follow the event', () => {
    fc.assert(
      fc.property(clubEventArb, (event) => {
        const record = eventSearchRecord(event);
        expect(SearchRecordSchema.parse(record)).toEqual(record);
        expect(record.objectID).toBe(event.id);
        expect(record.bookingUrl !== undefined).toBe(event.allowBooking);
        if (record.bookingUrl) {
          expect(new URLSearchParams(record.bookingUrl.split('?')[1]).get('id')).toBe(event.id);
        }
        if (event.eventdatetime) {
          expect(record.eventDate! * 1000).toBeLessThanOrEqual(Date.parse(event.eventdatetime));
          expect(Date.parse(event.eventdatetime) - record.eventDate! * 1000).toBeLessThan(1000);
        } else {
          expect(record.eventDate).toBeUndefined();
        }
        expect(record.tags.includes('Boat event')).toBe(event.isBoatEvent);
        expect(record.tags.includes('Children')).toBe(event.offerChild);
        expect(record.tags.includes('Drinks')).toBe(event.offerSoftDrinks);
        expect(record.tags.includes('Vegetarian')).toBe(event.offerVeg);
        expect(record.tags.includes('Paid')).toBe(event.requiresPayment && event.price > 0);
      }),
    );
  });
});

describe('documentSearchRecord', () => {
  it('points a document at the file the server serves', () => {
    expect(
      documentSearchRecord({
        id: 'constitution',
        title: 'Club Constitution',
        description: 'The rules of the club',
        category: 'rules',
        fileName: 'constitution.pdf',
        tags: ['rules', 'governance'],
      }),
    ).toEqual({
      objectID: 'constitution',
      type: 'document',
      category: 'rules',
      title: 'Club Constitution',
      description: 'The rules of the club',
      downloadUrl: '/api/documents/constitution/file',
      tags: ['rules', 'governance'],
    });
  });

  it('gives a valid record for any document', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 30 }),
          title: fc.string({ minLength: 1 }),
          description: fc.string(),
          category: fc.string({ minLength: 1 }),
          fileName: fc.constant('a.pdf'),
          tags: fc.array(fc.string()),
        }),
        (doc) => {
          const record = documentSearchRecord(doc);
          expect(SearchRecordSchema.parse(record)).toEqual(record);
          expect(record.downloadUrl).toBe(`/api/documents/${encodeURIComponent(doc.id)}/file`);
          expect(record.tags).toEqual(doc.tags);
        },
      ),
    );
  });
});

describe('campaignSearchRecord', () => {
  it('makes a news record from a campaign subject', () => {
    expect(
      campaignSearchRecord({ id: 'c1', subject: 'Spring newsletter', finished_at: '2026-03-01T10:00:00.000Z', preview_url: 'https://example.org/preview/c1' }),
    ).toEqual({
      objectID: 'c1',
      type: 'news',
      category: 'news',
      subject: 'Spring newsletter',
      eventDate: Date.parse('2026-03-01T10:00:00.000Z') / 1000,
      detailsUrl: 'https://example.org/preview/c1',
      tags: [],
    });
  });

  it('links a news item written in the app to its own page, with its excerpt as the description', () => {
    const record = campaignSearchRecord({
      id: 'news-7',
      subject: 'Pontoon open',
      finished_at: '2026-04-02T09:00:00.000Z',
      preview_url: null,
      news_page: true,
      excerpt: 'The new pontoon is in place.',
    });
    expect(record).toMatchObject({
      detailsUrl: '/news/news-7',
      description: 'The new pontoon is in place.',
      eventDate: Date.parse('2026-04-02T09:00:00.000Z') / 1000,
    });
    expect(hitLink({ ...SearchRecordSchema.parse(record), index: 'news', highlights: {} })).toEqual({ href: '/news/news-7', newTab: false });
  });

  it('links a campaign stored with its text to its own page, even when it kept a provider link', () => {
    const record = campaignSearchRecord({
      id: 'cmp-1',
      subject: 'Regatta',
      finished_at: null,
      preview_url: 'https://gone.example/regatta',
      news_page: true,
      excerpt: 'Entries open.',
    });
    expect(record).toMatchObject({ detailsUrl: '/news/cmp-1', description: 'Entries open.' });
  });

  it('leaves the details link out when the campaign has no preview', () => {
    const record = campaignSearchRecord({ id: 'c2', subject: 'AGM', finished_at: null, preview_url: null });
    expect(record).not.toHaveProperty('detailsUrl');
    expect(SearchRecordSchema.parse(record)).toEqual(record);
  });
});

describe('work day search records', () => {
  // An active work day with food, on 11 April 2026.
  const spring = aWorkDay({
    id: 'spring-work-day',
    name: 'Spring Work Day',
    description: 'Help get the club ready for the season.',
    tools: 'Gloves',
    notes: '',
    jobs: [
      { id: 'pontoon', title: 'Pontoon repairs', description: 'Replace split decking boards.', volunteersNeeded: 4 },
      { id: 'hedges', title: 'Trim the hedges', description: '', volunteersNeeded: 2 },
    ],
  });

  it('files an active work day with the events, dated, its jobs searchable, linking to its sign-up page', () => {
    const record = workDaySearchRecord(spring)!;
    expect(record).toEqual({
      objectID: 'work-day:spring-work-day',
      type: 'event',
      category: 'work day',
      name: 'Spring Work Day',
      description: 'Help get the club ready for the season.',
      longdescription: 'Pontoon repairs: Replace split decking boards. Trim the hedges',
      eventDate: Date.parse('2026-04-11T08:00:00.000Z') / 1000,
      bookingUrl: '/work-day-booking?id=spring-work-day',
      tags: ['Work day'],
    });
    expect(hitLink({ ...record, index: 'events', highlights: {} })).toEqual({ href: '/work-day-booking?id=spring-work-day', newTab: false });
    expect(workDaySearchRecord({ ...spring, active: false })).toBeNull();
  });

  it('gives every active work day a valid record whose link opens its sign-up page', () => {
    const workDayArb = fc.record({
      id: fc.string({ minLength: 1, maxLength: 20 }),
      name: fc.string({ minLength: 1 }),
      description: fc.string(),
      date: fc.option(
        fc.integer({ min: 0, max: 4_000_000_000_000 }).map((ms) => new Date(ms).toISOString()),
        { nil: null },
      ),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(workDayArb, (w) => {
        const record = workDaySearchRecord({ ...spring, ...w });
        if (!w.active) {
          expect(record).toBeNull();
          return;
        }
        expect(SearchRecordSchema.parse(record)).toEqual(record);
        expect(record!.objectID).toBe(workDaySearchId(w.id));
        const href = new URL(hitLink({ ...record!, index: 'events', highlights: {} }).href, 'http://club.test');
        expect([href.pathname, href.searchParams.get('id')]).toEqual(['/work-day-booking', w.id]);
      }),
    );
  });
});

describe('the result counter', () => {
  it('says "1 result found" for one hit and "N results found" for any other count', () => {
    expect(resultCountText(1)).toBe('1 result found');
    expect(resultCountText(0)).toBe('0 results found');
    fc.assert(
      fc.property(
        fc.nat(1000).filter((n) => n !== 1),
        (n) => {
          expect(resultCountText(n)).toBe(`${n} results found`);
        },
      ),
    );
  });
});
