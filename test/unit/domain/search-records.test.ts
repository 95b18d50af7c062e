import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  campaignSearchRecord,
  documentSearchRecord,
  eventSearchRecord,
} from '../../../core/domain/search-records';
import { SearchRecordSchema } from '../../../core/entities/search-hit';
import { NEW_EVENT, type ClubEvent } from '../../../core/entities/event';
import { clubEventArb } from '../use-cases/support/arbitraries';

const regatta: ClubEvent = {
  id: 'regatta-2026',
  name: 'Summer Regatta',
  description: 'Racing on the reservoir',
  longdescription: 'A full day of racing followed by a barbecue.',
  eventdatetime: '2026-06-06T09:00:00.000Z',
  eventenddatetime: null,
  bookingEndDate: null,
  allowBooking: true,
  isBoatEvent: true,
  offerChild: true,
  offerSoftDrinks: false,
  offerVeg: true,
  requiresPayment: true,
  price: 1250,
  currency: 'GBP',
  capacity: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...NEW_EVENT,
};

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
      campaignSearchRecord({
        id: 'c1',
        subject: 'Spring newsletter',
        finished_at: '2026-03-01T10:00:00.000Z',
        preview_url: 'https://example.org/preview/c1',
      }),
    ).toEqual({
      objectID: 'c1',
      type: 'news',
      category: 'news',
      subject: 'Spring newsletter',
      detailsUrl: 'https://example.org/preview/c1',
      tags: [],
    });
  });

  it('leaves the details link out when the campaign has no preview', () => {
    const record = campaignSearchRecord({ id: 'c2', subject: 'AGM', finished_at: null, preview_url: null });
    expect(record).not.toHaveProperty('detailsUrl');
    expect(SearchRecordSchema.parse(record)).toEqual(record);
  });
});
