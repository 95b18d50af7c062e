import type { ClubEvent } from './event';
import { EVENT_DETAIL_FIELDS } from './event-form';
import type { AuditedRecord } from '../audit/audit-trail';

export const EVENT_AUDIT_FIELDS = [
  ...EVENT_DETAIL_FIELDS,
  'allowBooking',
  'isBoatEvent',
  'offerChild',
  'offerSoftDrinks',
  'offerVeg',
  'requiresPayment',
  'price',
  'memberPrice',
  'currency',
  'capacity',
] as const;

export const AUDITED_EVENT: AuditedRecord<ClubEvent> = { recordType: 'event', idOf: (event) => event.id, fields: EVENT_AUDIT_FIELDS };
