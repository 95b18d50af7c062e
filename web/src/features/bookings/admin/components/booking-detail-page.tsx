import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { validateBookingForm } from '@core/bookings/booking-validation';
import { hasPermission } from '@core/admins/permissions';
import { formatMoney } from '@core/shared/money';
import { BOOKING_CANCEL_REASON_MAX } from '@core/bookings/booking-lifecycle';
import { BOOKING_FORM_FIELDS, bookedAttendeesText, type BookingFormValues } from '@core/bookings/booking';
import type { Currency } from '@core/shared/money';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api';
import { useClubConfig } from '../../../../lib/club-config';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { ruleResolver } from '../../../../lib/form-rules';
import {
  bookingQueryOptions,
  useBooking,
  useCancelBooking,
  useCorrectBooking,
  useMarkBookingPaid,
  useRefundBooking,
  useResendConfirmation,
  type AdminBookingDetail,
} from '../api/bookings';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { Badge } from '../../../../admin/shared/components/badge';
import { STATUS_TONE } from './event-bookings-page';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { DetailsList } from '../../../../components/ui/details-list';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { AuditList } from '../../../audit/admin/exports/audit-list';
import { adminNameText } from '@core/audit/audit-display';

export const BOOKING_DETAIL_MESSAGES = {
  failed: 'Failed to load the booking',
  notFound: 'Booking not found',
  actionFailed: 'The change could not be made. Please try again.',
};

function refusal(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : BOOKING_DETAIL_MESSAGES.actionFailed;
}

function money(amount: number | null, currency: Currency | null): string {
  return amount === null || currency === null ? '—' : formatMoney(amount, currency);
}

/**
 * One booking (/admin/booking/:bookingId): its details, state and history; and, for admins with
 * bookings:write, Cancel (with or without a refund), Retry refund, Mark paid (cash or transfer),
 * Correct and Resend confirmation. The server checks every action again.
 */
export function BookingDetailPage() {
  const { bookingId = '' } = useParams();
  const admin = useSignedInAdmin();
  const query = useBooking(bookingId);
  const tryAgain = useTryAgain(bookingQueryOptions(bookingId).queryKey);
  const [notice, setNotice] = useState<Notice>(null);

  if (query.isPending) return <Loading label="Loading the booking…" />;
  if (query.isError) {
    if (query.error.status === 404) {
      return (
        <>
          <PageTitle documentTitle="Booking not found">Booking not found</PageTitle>
          <Alert tone="error">{BOOKING_DETAIL_MESSAGES.notFound}</Alert>
        </>
      );
    }
    return <LoadError error={query.error} message={BOOKING_DETAIL_MESSAGES.failed} onRetry={tryAgain} />;
  }

  const detail = query.data;
  const { booking, event } = detail;
  const canWrite = hasPermission(admin, 'bookings:write');
  // The mutations put the booking as it now is into the cache; the page says what was done.
  const changed = (message: string) => setNotice({ kind: 'success', message });
  const failed = (error: unknown) => setNotice({ kind: 'error', message: refusal(error) });
  const name = `${booking.firstName} ${booking.lastName}`;
  const rows: [string, string][] = [
    ['Reference', booking.reference ?? '—'],
    ['Booking id', booking.id],
    ['Email', booking.userEmail ?? '—'],
    ['Attending', String(booking.numberAttending)],
    ['Children', String(booking.numberOfChildren)],
    // The household people a member named (a check-in ticks them one by one); guests are only counted.
    ...(booking.householdAttendees.length > 0 ? [['Household attending', bookedAttendeesText(booking.householdAttendees)] as [string, string]] : []),
    ['Soft drinks', String(booking.numberOfSoftDrinks)],
    ['Vegetarian', String(booking.numberOfVegetarian)],
    ['Boat', booking.boatName ?? '—'],
    ['Submitted', formatDate(booking.submittedAt, 'admin')],
    ['Amount', money(booking.paymentAmount, booking.paymentCurrency)],
    [
      'Price charged',
      booking.priceKind === 'member' ? `Member price (${booking.memberPlaces === 1 ? '1 place' : `${booking.memberPlaces} places`})` : 'Standard price',
    ],
  ];
  if (booking.paid) rows.push(['Paid by', booking.paymentMethod === 'cash' ? 'Cash' : booking.paymentMethod === 'transfer' ? 'Bank transfer' : 'Card']);
  if (booking.paymentReference) rows.push(['Payment reference', booking.paymentReference]);
  if (booking.paymentId) rows.push(['Payment ID', booking.paymentId]);
  if (booking.cancelledAt)
    rows.push([
      'Cancelled',
      `${formatDate(booking.cancelledAt, 'admin')} by ${booking.cancelledBy === 'member' ? 'the member' : booking.cancelledBy === 'system' ? 'the system (late payment)' : booking.cancelledBy ? adminNameText(booking.cancelledBy, detail.adminNames) : 'an admin'}`,
    ]);
  if (booking.cancelReason) rows.push(['Reason given', booking.cancelReason]);
  if (detail.handRefund) {
    // Cash or a transfer: repaid by a person, never a refund that failed.
    rows.push(['Refund', `To refund by hand: ${money(detail.handRefund.amount, detail.handRefund.currency)} (repay the member, then record it)`]);
  } else if (booking.refundStatus) {
    const what = booking.refundStatus === 'refunded' ? 'Refunded' : booking.refundStatus === 'failed' ? 'Failed' : 'Pending';
    rows.push(['Refund', `${what}: ${money(booking.refundAmount, booking.paymentCurrency)}${booking.refundFailure ? ` (${booking.refundFailure})` : ''}`]);
  }

  return (
    <>
      <p className="adm-breadcrumb">
        <Link to={`/admin/bookings/${encodeURIComponent(booking.eventId)}`}>← Back to the bookings of {booking.eventName}</Link>
      </p>
      <div className="adm-page-head">
        <PageTitle documentTitle={`Booking: ${name}`}>Booking: {name}</PageTitle>
        <Badge tone={STATUS_TONE[booking.paymentStatus]}>{booking.paymentStatus}</Badge>
      </div>
      <p className="adm-muted">
        {booking.eventName}
        {event ? `, ${formatDate(event.eventdatetime, 'admin')}` : ''}
      </p>
      <NoticeArea notice={notice} />
      <div className="adm-columns">
        <section className="adm-panel" aria-labelledby="adm-booking-details">
          <h2 id="adm-booking-details">Details</h2>
          <DetailsList className="adm-details" rows={rows} />
          <p>
            <Link to={`/admin/mail?recordId=${encodeURIComponent(booking.id)}`}>E-mails about this booking</Link>
          </p>
        </section>
        {canWrite && (
          <section className="adm-panel" aria-labelledby="adm-booking-actions">
            <h2 id="adm-booking-actions">Actions</h2>
            <BookingActions detail={detail} onChanged={changed} onFailed={failed} />
          </section>
        )}
      </div>
      {canWrite && detail.can.correct && event && <CorrectBooking detail={detail} onChanged={changed} />}
      <section className="adm-panel" aria-labelledby="adm-booking-history">
        <h2 id="adm-booking-history">History</h2>
        <AuditList entries={detail.history} adminNames={detail.adminNames} empty="Nothing has been changed since the booking was made." />
      </section>
    </>
  );
}

type Changed = (message: string) => void;

/** What cancelling one booking did, in the admin's words. */
export function cancelOutcome(next: AdminBookingDetail): string {
  if (next.handRefund)
    return `Booking cancelled. ${money(next.handRefund.amount, next.handRefund.currency)} is to refund by hand: repay the member, then press Record refund as handed back.`;
  if (next.booking.refundStatus === 'failed') return `Cancelled; the refund failed: ${next.booking.refundFailure ?? ''}`;
  return 'Booking cancelled.';
}

function BookingActions({ detail, onChanged, onFailed }: { detail: AdminBookingDetail; onChanged: Changed; onFailed: (error: unknown) => void }) {
  const { booking, can } = detail;
  const cancel = useCancelBooking();
  const refundAgain = useRefundBooking();
  const markPaid = useMarkBookingPaid();
  const resend = useResendConfirmation();
  const busy = cancel.isPending || refundAgain.isPending || markPaid.isPending || resend.isPending;
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const kept = booking.paid ? (booking.paymentAmount ?? 0) : 0;
  // The server's refusal of the reason (400) keeps the dialog open with the message at the field.
  const reasonError = cancel.error instanceof ApiError && cancel.error.status === 400 ? (cancel.error.fields.reason ?? null) : null;
  const [refund, setRefund] = useState(kept > 0);
  const [method, setMethod] = useState<'cash' | 'transfer'>('cash');
  const [reference, setReference] = useState('');

  /** What every action tells the admin: its outcome, and the cancel dialog closes however it went. */
  const outcome = <T,>(message: (result: T) => string) => ({
    onSuccess: (result: T) => onChanged(message(result)),
    onError: onFailed,
    onSettled: () => setConfirmCancel(false),
  });

  const nothing = !can.cancel && !can.refund && !can.markPaid && !can.resend;
  return (
    <div className="adm-booking-actions">
      {nothing && <p className="adm-muted">Nothing more can be done to this booking.</p>}
      {can.markPaid && (
        <fieldset className="adm-fieldset" disabled={busy}>
          <legend>Mark paid</legend>
          <Field id="adm-paid-method" label="Paid by">
            <select className="input" value={method} onChange={(e) => setMethod(e.target.value === 'transfer' ? 'transfer' : 'cash')}>
              <option value="cash">Cash</option>
              <option value="transfer">Bank transfer</option>
            </select>
          </Field>
          <Field id="adm-paid-reference" label="Reference" hint="Receipt number or bank reference (optional)">
            <input className="input" type="text" maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
          </Field>
          <Button
            onClick={() =>
              markPaid.mutate(
                { id: booking.id, method, reference },
                outcome((next: AdminBookingDetail) => `Marked ${next.booking.paymentStatus}.`),
              )
            }
          >
            Mark paid
          </Button>
        </fieldset>
      )}
      {can.refund && (
        <p>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              refundAgain.mutate(
                { id: booking.id, reference: '' },
                outcome((next: AdminBookingDetail) =>
                  next.booking.refundStatus === 'refunded' ? 'Refund made.' : `The refund failed again: ${next.booking.refundFailure ?? ''}`,
                ),
              )
            }
          >
            {booking.paymentMethod === 'cash' || booking.paymentMethod === 'transfer' ? 'Record refund as handed back' : 'Retry refund'}
          </Button>
        </p>
      )}
      {can.resend && (
        <p>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              resend.mutate(
                booking.id,
                outcome(() => 'The confirmation will be sent again.'),
              )
            }
          >
            Resend confirmation
          </Button>
        </p>
      )}
      {can.cancel && (
        <p>
          <Button variant="danger" disabled={busy} onClick={() => setConfirmCancel(true)}>
            Cancel booking
          </Button>
        </p>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep it"
        busy={busy}
        onConfirm={() =>
          cancel.mutate(
            { id: booking.id, refund, reason },
            {
              onSuccess: (next: AdminBookingDetail) => {
                setConfirmCancel(false);
                onChanged(cancelOutcome(next));
              },
              onError: (error) => {
                if (error instanceof ApiError && error.status === 400 && error.fields.reason) return;
                setConfirmCancel(false);
                onFailed(error);
              },
            },
          )
        }
        onCancel={() => {
          cancel.reset();
          setConfirmCancel(false);
        }}
      >
        <p>
          Its {booking.numberAttending} place(s) will be released at once{booking.userEmail ? ' and the member e-mailed' : ''}.
        </p>
        {kept > 0 && (
          <Checkbox id="adm-cancel-refund" label={`Refund ${money(kept, booking.paymentCurrency)} to the member`} checked={refund} onChange={setRefund} />
        )}
        {kept > 0 && refund && (booking.paymentMethod === 'cash' || booking.paymentMethod === 'transfer') && (
          <p>
            Paid {booking.paymentMethod === 'cash' ? 'in cash' : 'by bank transfer'}: it will be listed To refund by hand, the member told the club will repay
            them, and the admins who record refunds told.
          </p>
        )}
        <Field
          id="adm-cancel-reason"
          label="Reason the member will be told (optional)"
          hint={
            booking.userEmail
              ? 'Sent in the cancellation e-mail, and kept in the booking’s history.'
              : 'Kept in the booking’s history (the member gave no e-mail).'
          }
          error={reasonError ?? undefined}
        >
          <textarea
            className="input"
            rows={3}
            maxLength={BOOKING_CANCEL_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (reasonError) cancel.reset();
            }}
          />
        </Field>
      </ConfirmDialog>
    </div>
  );
}

type CorrectionField = keyof BookingFormValues;

function CorrectBooking({ detail, onChanged }: { detail: AdminBookingDetail; onChanged: Changed }) {
  const config = useClubConfig();
  const { booking } = detail;
  const event = detail.event!;
  const initial = (): BookingFormValues => ({
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.userEmail ?? '',
    numberAttending: String(booking.numberAttending),
    numberOfChildren: String(booking.numberOfChildren),
    numberOfSoftDrinks: String(booking.numberOfSoftDrinks),
    numberOfVegetarian: String(booking.numberOfVegetarian),
    boatName: booking.boatName ?? '',
  });
  const form = useAdminPanelForm<BookingFormValues, CorrectionField>({
    initial,
    // The booking form's own rule, as the server applies it.
    resolver: ruleResolver((values: BookingFormValues) => validateBookingForm(values, event, { maxAttendees: config.maxAttendeesPerBooking, testHook: false })),
    order: BOOKING_FORM_FIELDS,
    idOf: (name) => `adm-fix-${name}`,
  });
  const correct = useCorrectBooking();
  const send = (values: BookingFormValues) =>
    correct.mutateAsync({ id: booking.id, values: { ...values } as Record<string, string> }).then(
      () => {
        form.reset(values);
        onChanged('Booking corrected.');
      },
      (error: unknown) => form.refuse(error instanceof ApiError && error.status === 400 ? error.fields : {}, refusal(error)),
    );
  const text = (name: CorrectionField, label: string, type = 'text') => (
    <Field id={`adm-fix-${name}`} label={label} error={form.errorFor(name)}>
      <input className="input" type={type} {...form.bind(name)} />
    </Field>
  );
  return (
    <section className="adm-panel" aria-labelledby="adm-booking-correct">
      <h2 id="adm-booking-correct">Correct the booking</h2>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <form onSubmit={form.handleSubmit(send)} noValidate>
        <fieldset className="adm-fieldset" disabled={form.submitting}>
          <legend className="visually-hidden">Booking details</legend>
          <div className="adm-grid-3">
            {text('firstName', 'First name')}
            {text('lastName', 'Last name')}
            {text('email', 'Email', 'email')}
            {text('numberAttending', 'Attending')}
            {event.offerChild && text('numberOfChildren', 'Children')}
            {event.offerSoftDrinks && text('numberOfSoftDrinks', 'Soft drinks')}
            {event.offerVeg && text('numberOfVegetarian', 'Vegetarian')}
            {event.isBoatEvent && text('boatName', 'Boat name')}
          </div>
          <Button type="submit">{form.submitting ? 'Saving…' : 'Save correction'}</Button>
        </fieldset>
      </form>
    </section>
  );
}
