import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { formatDay } from '@core/shared/date-text';
import { formatMoney, minorToDecimalText } from '@core/shared/money';
import { PATHS } from '@core/shared/paths';
import type { MyDetails } from '@core/my-club/my-details';
import { validateRenewalForm, type RenewalChoice, type RenewalOffer, type StartRenewalRequest, type StartedRenewal } from '@core/my-club/renew-online';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed, QueryView } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, refusalMessage } from '../../../lib/api';
import { messagesResolver, showRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMemberSession } from '../../member-sign-in/exports/member-session';
import { CardForm } from '../../payments/exports/card-form';
import { ContactFields, MembershipTerms } from '../exports/membership-form-parts';
import { useMyDetails } from '../api/my-details';
import { useMyRenewal, usePayRenewal, useStartRenewal } from '../api/my-renewal';

/** The page's own address; the renewal reminders link to it (docs/membership.md#renewing-online). */
export const RENEW_PATH = PATHS.renew;

/** A London date (YYYY-MM-DD) as members read dates ("Wed 31 March 2027"). */
function dayText(date: string): string {
  return formatDay(`${date}T12:00:00.000Z`, 'member');
}

/**
 * /my-club/renew (docs/membership.md#renewing-online): the signed-in member chooses a category,
 * confirms their details, accepts the club's rules and privacy notice, pledges the duties the
 * category expects, and pays by card (or chooses cash or transfer, which an admin confirms).
 */
export function RenewPage() {
  usePageTitle('Renew your membership');
  const session = useMemberSession();
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="renew-title">
        <h1 id="renew-title">Renew your membership</h1>
        {session.isPending ? (
          <Spinner label="Loading…" />
        ) : session.isError ? (
          <LoadFailed title="Failed to load your details" onRetry={() => void session.refetch()} />
        ) : session.data.member === null ? (
          <p>
            Please <Link to={PATHS.signIn}>sign in</Link> to renew your membership.
          </p>
        ) : (
          <Renewal />
        )}
      </section>
    </div>
  );
}

type Step = { kind: 'form' } | { kind: 'card'; started: StartedRenewal } | { kind: 'offline'; started: StartedRenewal } | { kind: 'paid'; renewalDate: string };

function Renewal() {
  const offer = useMyRenewal();
  const details = useMyDetails();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  if (step.kind === 'paid') {
    return (
      <div role="status">
        <Alert tone="success">Thank you: your membership is renewed until {dayText(step.renewalDate)}.</Alert>
        <p>
          <Link to={PATHS.myClub}>Back to My club</Link> · <Link to={PATHS.calendar}>Book an event</Link>
        </p>
      </div>
    );
  }
  if (step.kind === 'offline') {
    const { order } = step.started;
    return (
      <div role="status">
        <Alert tone="success">
          Your renewal is recorded: please pay {formatMoney(order.amount, order.currency)} {order.method === 'cash' ? 'in cash' : 'by bank transfer'}. Your
          membership is renewed until {dayText(order.paysUntil)} once the club confirms your payment.
        </Alert>
        <p>
          <Link to={PATHS.myClub}>Back to My club</Link>
        </p>
      </div>
    );
  }
  if (step.kind === 'card')
    return <CardStep started={step.started} onPaid={(renewalDate) => setStep({ kind: 'paid', renewalDate })} onBack={() => setStep({ kind: 'form' })} />;
  return (
    <QueryView query={offer} loading="Loading your renewal…" failed="Failed to load your renewal">
      {(data) =>
        !data.open ? (
          <>
            <p>{data.refusal}</p>
            <p>
              <Link to={PATHS.myClub}>Back to My club</Link>
            </p>
          </>
        ) : (
          <QueryView query={details} loading="Loading your details…" failed="Failed to load your details">
            {(mine) => (
              <RenewalForm offer={data} details={mine} onStarted={(started) => setStep({ kind: started.checkoutId === null ? 'offline' : 'card', started })} />
            )}
          </QueryView>
        )
      }
    </QueryView>
  );
}

interface RenewalFormValues {
  categoryId: string;
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  accept: boolean;
  pledge: boolean;
  method: 'card' | 'cash' | 'transfer';
}

const FIELDS = ['categoryId', 'phone', 'emergencyContactName', 'emergencyContactPhone', 'accept', 'pledge', 'method'] as const;

function requestOf(values: RenewalFormValues, choice: RenewalChoice | undefined): StartRenewalRequest {
  const { categoryId, phone, emergencyContactName, emergencyContactPhone, accept, method } = values;
  return {
    categoryId,
    phone,
    emergencyContactName,
    emergencyContactPhone,
    accept,
    method,
    dutiesPledged: values.pledge && choice ? choice.dutiesPerSeason : 0,
  };
}

/** The server's field names as the form's: the pledge is a tick for the category's duties. */
function formMessages(errors: Partial<Record<string, string>>): Partial<Record<string, string>> {
  const { dutiesPledged, ...rest } = errors;
  return dutiesPledged === undefined ? rest : { ...rest, pledge: dutiesPledged };
}

function RenewalForm({ offer, details, onStarted }: { offer: RenewalOffer; details: MyDetails; onStarted: (started: StartedRenewal) => void }) {
  const start = useStartRenewal();
  const choiceOf = (id: string) => offer.choices.find((choice) => choice.id === id);
  const form = useForm<RenewalFormValues>({
    defaultValues: {
      categoryId: offer.choices.find((choice) => choice.name === offer.category)?.id ?? offer.choices[0]?.id ?? '',
      phone: details.phone ?? '',
      emergencyContactName: details.emergencyContactName ?? '',
      emergencyContactPhone: details.emergencyContactPhone ?? '',
      accept: false,
      pledge: false,
      method: 'card',
    },
    resolver: messagesResolver((values: RenewalFormValues) => {
      const choice = choiceOf(values.categoryId);
      const checked = validateRenewalForm(requestOf(values, choice), choice ? choice.dutiesPerSeason : null);
      return checked.ok ? {} : formMessages(checked.errors);
    }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, FIELDS, (name) => `renew-${name}`);
  const chosen = choiceOf(useWatch({ control: form.control, name: 'categoryId' }));
  const send = (values: RenewalFormValues) =>
    start.mutateAsync(requestOf(values, choiceOf(values.categoryId))).then(onStarted, (error: unknown) => {
      const fields = error instanceof ApiError && error.status === 400 ? formMessages(error.fields ?? {}) : {};
      focusFirst(
        showRefusal(form, FIELDS, fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, 'Starting your renewal failed. Please try again.')),
      );
    });

  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="renew-title">
      <p>
        Your membership: <strong>{offer.category}</strong>,{' '}
        {offer.status === 'lapsed'
          ? `lapsed since ${offer.renewalDate ? dayText(offer.renewalDate) : ''}`
          : `until ${offer.renewalDate ? dayText(offer.renewalDate) : ''}`}
        .
      </p>
      <fieldset className="renew-choices" aria-describedby={errors.categoryId ? 'renew-categoryId-error' : undefined}>
        <legend id="renew-categoryId" tabIndex={-1}>
          Membership
        </legend>
        {offer.choices.map((choice) => (
          <div className="check-row" key={choice.id}>
            <input id={`renew-category-${choice.id}`} type="radio" value={choice.id} {...form.register('categoryId')} />
            <label htmlFor={`renew-category-${choice.id}`}>
              <strong>{choice.name}</strong>: {formatMoney(choice.amount, offer.currency)}, until {dayText(choice.paysUntil)}
              {choice.dutiesPerSeason > 0 ? `; ${choice.dutiesPerSeason} ${choice.dutiesPerSeason === 1 ? 'duty' : 'duties'} a year` : ''}
              {choice.coversHousehold ? '; covers your household' : ''}
              {choice.description !== '' && <span className="field-hint"> {choice.description}</span>}
            </label>
          </div>
        ))}
        {errors.categoryId?.message && (
          <p id="renew-categoryId-error" className="field-error">
            {errors.categoryId.message}
          </p>
        )}
      </fieldset>
      <h2>Your details</h2>
      <ContactFields form={form} idPrefix="renew" />
      <MembershipTerms form={form} idPrefix="renew" duties={chosen?.dutiesPerSeason ?? 0} />
      <fieldset>
        <legend id="renew-method" tabIndex={-1}>
          How will you pay?
        </legend>
        {(
          [
            ['card', 'By card now'],
            ['transfer', 'By bank transfer (the club confirms it)'],
            ['cash', 'In cash (the club confirms it)'],
          ] as const
        ).map(([value, label]) => (
          <div className="check-row" key={value}>
            <input id={`renew-method-${value}`} type="radio" value={value} {...form.register('method')} />
            <label htmlFor={`renew-method-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Renewing…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

/** The card step: the payments feature's card form; the server records the payment on the provider's word. */
function CardStep({ started, onPaid, onBack }: { started: StartedRenewal; onPaid: (renewalDate: string) => void; onBack: () => void }) {
  const pay = usePayRenewal();
  const session = useMemberSession();
  const [problem, setProblem] = useState<string | null>(null);
  const { order } = started;
  const amount = formatMoney(order.amount, order.currency);
  const member = session.data?.member ?? null;
  const [givenName = '', ...rest] = (member?.name ?? '').split(' ');
  const onToken = async (cardToken: string) => {
    setProblem(null);
    try {
      const answer = await pay.mutateAsync({ orderId: order.id, cardToken });
      if (answer.status === 'COMPLETED') onPaid(answer.renewalDate);
      else setProblem(`Payment failed. Please try again or contact us. ${answer.message}`);
    } catch (error) {
      setProblem(refusalMessage(error, 'Payment error occurred. Please try again or contact support.'));
    }
  };
  return (
    <div>
      <h2>Pay {amount}</h2>
      <p>Your membership will be renewed until {dayText(order.paysUntil)}.</p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <CardForm
        payLabel={`Pay ${amount}`}
        amountText={minorToDecimalText(order.amount)}
        currency={order.currency}
        billingContact={{ givenName, familyName: rest.join(' '), email: member?.email ?? null }}
        busy={pay.isPending}
        onToken={onToken}
        onInvalid={() => setProblem('Please check your payment details and try again.')}
        onLoadFailed={() => setProblem('Failed to load payment form. Please refresh and try again.')}
      />
      <p>
        <Button variant="secondary" onClick={onBack} disabled={pay.isPending}>
          Back
        </Button>
      </p>
    </div>
  );
}
