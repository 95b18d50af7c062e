import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adminNameText,
  adminUidsOf,
  AUDIT_FIELD_LABELS,
  auditActorText,
  auditChangesText,
  auditFieldLabel,
  auditValueText,
  NO_VALUE,
  REMOVED_ADMIN,
} from '../../../../core/audit/audit-display';
import type { AuditEntry } from '../../../../core/audit/audit';
import { ADMIN_AUDIT_FIELDS } from '../../../../core/audit/audit-trail';
import { DOCUMENT_AUDIT_FIELDS } from '../../../../core/documents/document-audit';
import { EVENT_AUDIT_FIELDS } from '../../../../core/events/event-audit';
import { BOOKING_AUDIT_FIELDS } from '../../../../core/bookings/booking-lifecycle';
import { NEWS_AUDIT_FIELDS } from '../../../../core/news/news-trail';
import { PHOTO_AUDIT_FIELDS } from '../../../../core/photos/photo-schema';
import { WATER_LEVEL_AUDIT_FIELDS } from '../../../../core/water-levels/add-water-level';
import { signupAuditFields, workDayAuditFields } from '../../../../core/work-days/work-day-roster';
import { formatDate } from '../../../../core/shared/date-text';
import { aSignup, aWorkDay } from '../../../support/entities';
import { CATEGORY_AUDIT_FIELDS, SETTINGS_AUDIT_FIELDS } from '../../../../core/membership/membership-admin';

const noNames = {};
const text = (field: string, value: Parameters<typeof auditValueText>[1]) => auditValueText(field, value, { adminNames: noNames });

const AUDITED = [
  ...EVENT_AUDIT_FIELDS,
  'cancelledAt',
  'cancelReason',
  ...BOOKING_AUDIT_FIELDS,
  ...ADMIN_AUDIT_FIELDS,
  ...DOCUMENT_AUDIT_FIELDS,
  ...NEWS_AUDIT_FIELDS,
  ...PHOTO_AUDIT_FIELDS,
  ...WATER_LEVEL_AUDIT_FIELDS,
  ...Object.keys(workDayAuditFields(aWorkDay({ jobs: [] }))),
  ...Object.keys(signupAuditFields(aSignup({ firstName: 'A', lastName: 'B', selectedJobs: [] }), { jobs: [] })),
  'signup',
  'waitlist',
  ...CATEGORY_AUDIT_FIELDS,
  ...SETTINGS_AUDIT_FIELDS,
];

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'a1',
  at: '2026-06-06T09:00:00.000Z',
  actor: { kind: 'admin', uid: 'uid-ada', email: 'ada@example.org' },
  action: 'event.updated',
  recordType: 'event',
  recordId: 'open-regatta',
  summary: 'Updated',
  changes: [],
  ...overrides,
});

describe('audit field labels', () => {
  it('every field any record type audits has its own label, never its raw name', () => {
    for (const field of AUDITED) {
      expect(Object.hasOwn(AUDIT_FIELD_LABELS, field), field).toBe(true);
      const label = auditFieldLabel(field);
      expect(label).toMatch(/^[A-Z]/);
      if (/[A-Z]/.test(field.slice(1)) || field === 'eventdatetime') expect(label).not.toBe(field);
    }
  });

  it.each([
    ['eventdatetime', 'Start'],
    ['eventenddatetime', 'End'],
    ['price', 'Price'],
    ['capacity', 'Capacity'],
    ['job paint-hut', 'Job paint-hut'],
  ])('labels the field %s %j', (field, label) => {
    expect(auditFieldLabel(field)).toBe(label);
  });

  it('any field, known or not, gets a label that starts with a capital and is not camel case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,20}$/), (field) => {
        const label = auditFieldLabel(field);
        expect(label.length).toBeGreaterThan(0);
        expect(label[0]).toBe(label[0].toUpperCase());
        if (!Object.hasOwn(AUDIT_FIELD_LABELS, field)) expect(label).not.toMatch(/[a-z][A-Z]/);
      }),
    );
  });
});

describe('audit values', () => {
  it('amounts in pence read as pounds and pence, for every money field', () => {
    fc.assert(
      fc.property(fc.constantFrom('price', 'refundAmount', 'paymentAmount'), fc.integer({ min: 0, max: 100_000_000 }), (field, pence) => {
        const shown = text(field, pence);
        expect(shown).toMatch(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Math.round(Number(shown.slice(1).replace(/,/g, '')) * 100)).toBe(pence);
      }),
    );
    expect(text('price', 1250)).toBe('£12.50');
    // A membership category's price a year (docs/membership.md).
    expect(text('seasonPrice', 12_000)).toBe('£120.00');
    expect(auditValueText('price', 1250, { adminNames: noNames, currency: 'EUR' })).toBe('€12.50');
    expect(text('capacity', 1250)).toBe('1250');
  });

  it('instants read as London dates and times, never as ISO text', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom('eventdatetime', 'cancelledAt', 'publishAt', 'date'),
        (d, field) => {
          const iso = d.toISOString();
          const shown = text(field, iso);
          expect(shown).toBe(formatDate(iso, 'admin'));
          expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:|Z$/);
        },
      ),
    );
    // 09:00 UTC in June is 10:00 in London (BST); in January London is on UTC.
    expect(text('eventdatetime', '2026-06-06T09:00:00.000Z')).toBe('Sat 6 June 2026, 10:00');
    expect(text('eventdatetime', '2026-01-10T09:00:00.000Z')).toBe('Sat 10 January 2026, 09:00');
    expect(text('date', '2026-06-06')).toBe('Sat 6 June 2026');
  });

  it('says yes or no, a dash for nothing, and words the known states', () => {
    expect(text('paid', true)).toBe('Yes');
    expect(text('paid', false)).toBe('No');
    expect(text('boatName', null)).toBe(NO_VALUE);
    expect(text('boatName', '')).toBe(NO_VALUE);
    expect(text('paymentMethod', 'cash')).toBe('Cash');
    expect(text('refundStatus', 'refunded')).toBe('Refunded');
    expect(text('boatName', 'Kestrel')).toBe('Kestrel');
  });
});

describe('admins by name', () => {
  const names = fc.dictionary(fc.stringMatching(/^uid-[a-z0-9]{1,8}$/), fc.stringMatching(/^[A-Z][a-z]{1,10}$/));

  it('an admin reads by name; one whose account is gone reads "a removed admin", never its uid', () => {
    fc.assert(
      fc.property(names, fc.stringMatching(/^uid-[a-z0-9]{1,8}$/), (adminNames, uid) => {
        const shown = auditActorText({ kind: 'admin', uid, email: 'someone@example.org' }, adminNames);
        expect(shown).toBe(Object.hasOwn(adminNames, uid) ? adminNames[uid] : REMOVED_ADMIN);
        expect(shown).not.toContain('uid-');
        expect(auditValueText('cancelledBy', uid, { adminNames })).toBe(adminNameText(uid, adminNames));
      }),
    );
    expect(auditActorText({ kind: 'member' }, {})).toBe('member via manage link');
    // A member's own change on My club names no manage link.
    expect(auditActorText({ kind: 'member', memberId: 'member-ann' }, {})).toBe('the member, on My club');
    expect(auditValueText('cancelledBy', 'member', { adminNames: {} })).toBe('the member');
    expect(adminNameText('toString', {})).toBe(REMOVED_ADMIN);
  });

  it('asks for the name of every admin an entry mentions: who acted, who cancelled, an admin record', () => {
    const uids = adminUidsOf([
      entry(),
      entry({ actor: { kind: 'member' }, recordType: 'booking', changes: [{ field: 'cancelledBy', before: null, after: 'uid-bob' }] }),
      entry({ recordType: 'admin', recordId: 'uid-cy', changes: [{ field: 'cancelledBy', before: 'member', after: 'system' }] }),
    ]);
    expect(uids.sort()).toEqual(['uid-ada', 'uid-bob', 'uid-cy']);
  });
});

describe('a change as a line', () => {
  it('every line says a real change: a label, and before and after that differ', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: 0, max: 10_000 }),
      fc.constantFrom('', 'cash', 'member', '2026-06-06T09:00:00.000Z', 'Kestrel'),
    );
    const field = fc.constantFrom('price', 'capacity', 'paid', 'cancelledBy', 'paymentMethod', 'eventdatetime', 'boatName', 'someNewField');
    fc.assert(
      fc.property(fc.array(fc.record({ field, before: value, after: value }), { maxLength: 8 }), (changes) => {
        const lines = auditChangesText(entry({ changes }), {});
        for (const line of lines) {
          expect(line.before).not.toBe(line.after);
          expect(line.label).toBe(auditFieldLabel(line.field));
        }
        expect(lines.length).toBeLessThanOrEqual(changes.length);
      }),
    );
  });

  it('labels the field and words both values, in the currency of the event', () => {
    const lines = auditChangesText(
      entry({
        changes: [
          { field: 'price', before: 1000, after: 1250 },
          { field: 'currency', before: 'GBP', after: 'EUR' },
          { field: 'eventdatetime', before: '2026-06-06T09:00:00.000Z', after: '2026-06-06T10:30:00.000Z' },
          // Nothing to an empty text reads the same: no line.
          { field: 'description', before: null, after: '' },
        ],
      }),
      {},
    );
    expect(lines.map((l) => `${l.label}: ${l.before} → ${l.after}`)).toEqual([
      'Price: €10.00 → €12.50',
      'Currency: GBP → EUR',
      'Start: Sat 6 June 2026, 10:00 → Sat 6 June 2026, 11:30',
    ]);
  });
});
