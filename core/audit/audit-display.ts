import type { AuditActor, AuditChange, AuditEntry, AuditValue } from './audit';
import { actorNotAdmin } from './audit';
import { formatDate, formatDay } from '../shared/date-text';
import { formatMoney } from '../shared/money';
import { CurrencySchema, type Currency } from '../shared/money';

/**
 * How the audit log and a booking's history read to an admin: each audited field by its label,
 * amounts (kept in minor units) in pounds, instants as London dates and times, admins by name.
 * The stored entries keep the raw fields and values; only what is shown is worded here.
 */

/** The names of the admins an answer mentions, by uid; a uid missing from it is an admin since removed. */
export type AdminNames = Readonly<Record<string, string>>;

/** What is said for an admin whose account no longer exists. */
export const REMOVED_ADMIN = 'a removed admin';

/** Shown for a field with no value (before it was set, or after it was cleared). */
export const NO_VALUE = '—';

/** The label of every field the audit log records, across its record types. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // Events
  name: 'Name',
  description: 'Description',
  longdescription: 'Full description',
  eventdatetime: 'Start',
  eventenddatetime: 'End',
  bookingEndDate: 'Booking closes',
  allowBooking: 'Booking open',
  isBoatEvent: 'Boat event',
  offerChild: 'Children’s places offered',
  offerSoftDrinks: 'Soft drinks offered',
  offerVeg: 'Vegetarian meals offered',
  requiresPayment: 'Payment required',
  price: 'Price',
  memberPrice: 'Member price',
  currency: 'Currency',
  capacity: 'Capacity',
  cancelledAt: 'Cancelled',
  cancelReason: 'Reason for cancelling',
  // Bookings
  firstName: 'First name',
  lastName: 'Last name',
  userEmail: 'E-mail',
  boatName: 'Boat name',
  numberAttending: 'Number attending',
  numberOfChildren: 'Children',
  numberOfSoftDrinks: 'Soft drinks',
  numberOfVegetarian: 'Vegetarian meals',
  paid: 'Paid',
  paymentMethod: 'Payment method',
  paymentReference: 'Payment reference',
  paymentId: 'Payment id',
  paymentAmount: 'Amount',
  cancelledBy: 'Cancelled by',
  refundStatus: 'Refund',
  refundAmount: 'Refund amount',
  refundId: 'Refund id',
  refundFailure: 'Refund failure',
  waitlist: 'Waiting list',
  // Admins
  email: 'E-mail',
  role: 'Role',
  permissions: 'Permissions',
  disabled: 'Disabled',
  // Documents, news, photos
  title: 'Title',
  category: 'Category',
  fileName: 'File name',
  position: 'Position',
  subject: 'Subject',
  body: 'Text',
  publishAt: 'Publish time',
  status: 'Status',
  caption: 'Caption',
  credit: 'Credit',
  hidden: 'Hidden',
  // Water levels and work days
  date: 'Date',
  percentFull: 'Per cent full',
  foodAvailable: 'Food available',
  active: 'Active',
  archived: 'Archived',
  tools: 'Tools',
  notes: 'Notes',
  signup: 'Volunteer',
  volunteer: 'Volunteer',
  jobs: 'Jobs',
  otherJob: 'Other job',
  // Membership categories and settings (docs/membership.md)
  seasonPrice: 'Price a year',
  coversHousehold: 'Covers the household',
  dutiesPerSeason: 'Duties a year',
  onlinePurchase: 'Bought online',
  life: 'Life membership',
  withdrawn: 'Withdrawn',
  year: 'Membership year',
  renewalWindowWeeks: 'Renewal window (weeks)',
  reminderDays: 'Reminder days',
  joiningDiscount: 'Joining discount',
  admission: 'Admission',
  applicationExpiryDays: 'Application expiry (days)',
};

/** Fields that hold an amount in minor units (pence). */
const MONEY_FIELDS = new Set(['price', 'memberPrice', 'refundAmount', 'paymentAmount', 'amount', 'seasonPrice']);

/** A value written as an instant (ISO 8601 with a time): shown in London time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A value written as a calendar date: shown as that day. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ENUM_TEXT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  paymentMethod: { card: 'Card', cash: 'Cash', transfer: 'Transfer' },
  refundStatus: { pending: 'Pending', refunded: 'Refunded', failed: 'Failed' },
  status: { draft: 'Draft', published: 'Published' },
  waitlist: { waiting: 'Waiting', offered: 'Offered', left: 'Left', booked: 'Booked', expired: 'Expired' },
};

/** "someField" → "Some field": the label of a field this module does not know (yet). */
function wordsOf(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? field : words[0].toUpperCase() + words.slice(1);
}

/** The label an admin reads for an audited field: "eventdatetime" → "Start", "job paint" → "Job paint". */
export function auditFieldLabel(field: string): string {
  if (Object.hasOwn(AUDIT_FIELD_LABELS, field)) return AUDIT_FIELD_LABELS[field];
  const job = /^job (.+)$/.exec(field);
  if (job) return `Job ${job[1]}`;
  return wordsOf(field);
}

/** An admin by name; one whose account is gone is "a removed admin". */
export function adminNameText(uid: string, adminNames: AdminNames): string {
  return Object.hasOwn(adminNames, uid) && adminNames[uid].trim() !== '' ? adminNames[uid] : REMOVED_ADMIN;
}

/** Who did it, as the audit screen says it: an admin by name, a member, or the system. */
export function auditActorText(actor: AuditActor, adminNames: AdminNames): string {
  if (actor.kind === 'admin') return adminNameText(actor.uid, adminNames);
  return actorNotAdmin(actor);
}

/** What the entry's changes say the money is in: the event's currency when it is among them, else pounds. */
export function entryCurrency(entry: Pick<AuditEntry, 'changes'>): Currency {
  const change = entry.changes.find((c) => c.field === 'currency');
  const parsed = CurrencySchema.safeParse(change?.after ?? change?.before);
  return parsed.success ? parsed.data : 'GBP';
}

/**
 * A field's value as an admin reads it: nothing as "—", yes/no, amounts in pence as "£12.50",
 * instants as London dates and times ("Sat 6 June 2026, 10:00"), who cancelled by name.
 */
export function auditValueText(field: string, value: AuditValue, context: { adminNames: AdminNames; currency?: Currency }): string {
  if (value === null || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field) && Number.isFinite(value)) return formatMoney(value, context.currency ?? 'GBP');
    if (field === 'percentFull') return `${value}%`;
    return String(value);
  }
  if (field === 'cancelledBy') {
    if (value === 'member') return 'the member';
    if (value === 'system') return 'the system';
    return adminNameText(value, context.adminNames);
  }
  if (Object.hasOwn(ENUM_TEXT, field) && Object.hasOwn(ENUM_TEXT[field], value)) return ENUM_TEXT[field][value];
  if (INSTANT.test(value) && Number.isFinite(Date.parse(value))) return formatDate(value, 'admin');
  if (DATE.test(value) && Number.isFinite(Date.parse(`${value}T12:00:00Z`))) return formatDay(`${value}T12:00:00.000Z`, 'admin');
  return value;
}

/** One change as a line of the audit screen: its label, and the value before and after. */
export interface AuditChangeText {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The changes of an entry, worded for an admin. A change that reads the same before and after
 * (nothing → an empty text, as a new record's blank fields are kept) says nothing and is left out.
 */
export function auditChangesText(entry: Pick<AuditEntry, 'changes'>, adminNames: AdminNames): AuditChangeText[] {
  const currency = entryCurrency(entry);
  return entry.changes
    .map((change: AuditChange) => ({
      field: change.field,
      label: auditFieldLabel(change.field),
      before: auditValueText(change.field, change.before, { adminNames, currency }),
      after: auditValueText(change.field, change.after, { adminNames, currency }),
    }))
    .filter((change) => change.before !== change.after);
}

/** Every admin uid the entries mention: who acted, who cancelled, and admin records changed. */
export function adminUidsOf(entries: readonly AuditEntry[]): string[] {
  const uids = new Set<string>();
  for (const entry of entries) {
    if (entry.actor.kind === 'admin') uids.add(entry.actor.uid);
    if (entry.recordType === 'admin') uids.add(entry.recordId);
    for (const change of entry.changes) {
      if (change.field !== 'cancelledBy') continue;
      for (const value of [change.before, change.after]) if (typeof value === 'string' && value !== 'member' && value !== 'system') uids.add(value);
    }
  }
  return [...uids];
}
