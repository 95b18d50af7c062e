import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { MAX_APPLICATION_PEOPLE, validateApplication, type ApplyRequest } from '@core/membership/membership-application';
import type { Applied, JoinChoice, JoinOffer } from '@core/operations/join-club';
import { formatDay } from '@core/shared/date-text';
import { formatMoney, minorToDecimalText } from '@core/shared/money';
import { PATHS } from '@core/shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { QueryView } from '../../../components/ui/load-failed';
import { ApiError, refusalMessage } from '../../../lib/api';
import { bindField, messagesResolver, showRefusal, submitOnce, useFocusFirst, type FieldMessages } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/use-page-title';
import { CardForm } from '../../payments/exports/card-form';
import { ContactFields, MembershipTerms } from '../../my-club/exports/membership-form-parts';
import { useApply, useJoinOffer, usePayApplication } from '../api/join';

/** A London date (YYYY-MM-DD) as members read dates ("Wed 31 March 2027"). */
function dayText(date: string): string {
  return formatDay(`${date}T12:00:00.000Z`, 'member');
}

type Step = { kind: 'form' } | { kind: 'card'; applied: Applied; values: JoinFormValues } | { kind: 'done'; paid: boolean };

/**
 * /join (docs/membership.md#joining): anyone applies to join the club, for themselves or a
 * household: a category (its price and what it covers), their details, the household's other
 * people, the club's rules accepted and the duties pledged; then the card step when the club
 * admits after payment, and a page saying what happens next.
 */
export function JoinPage() {
  usePageTitle('Join the club');
  const offer = useJoinOffer();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="join-title">
        <h1 id="join-title">Join the club</h1>
        {step.kind === 'done' ? (
          <div role="status">
            <Alert tone="success">
              {step.paid
                ? 'Thank you: your application and payment are received. We will e-mail you once the club has accepted your application.'
                : 'Thank you: your application is received. We will e-mail you once the club has accepted it, with how to pay.'}
            </Alert>
            <p>
              <Link to={PATHS.home}>Back to the home page</Link>
            </p>
          </div>
        ) : step.kind === 'card' ? (
          <CardStep applied={step.applied} values={step.values} onPaid={() => setStep({ kind: 'done', paid: true })} />
        ) : (
          <QueryView query={offer} loading="Loading the memberships…" failed="Failed to load the memberships">
            {(data) =>
              data.choices.length === 0 ? (
                <p>The club does not offer membership online at the moment. Please contact the club.</p>
              ) : (
                <JoinForm
                  offer={data}
                  onApplied={(applied, values) => setStep(applied.checkoutId === null ? { kind: 'done', paid: false } : { kind: 'card', applied, values })}
                />
              )
            }
          </QueryView>
        )}
        <p>
          Already a member? <Link to={PATHS.signIn}>Sign in</Link>
        </p>
      </section>
    </div>
  );
}

interface JoinFormValues {
  categoryId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  people: { firstName: string; lastName: string; email: string }[];
  accept: boolean;
  pledge: boolean;
}

const FIELDS = ['categoryId', 'firstName', 'lastName', 'email', 'phone', 'emergencyContactName', 'emergencyContactPhone', 'accept', 'pledge'] as const;

function requestOf(values: JoinFormValues, choice: JoinChoice | undefined): ApplyRequest {
  const { pledge, ...rest } = values;
  return { ...rest, people: choice?.coversHousehold ? values.people : [], dutiesPledged: pledge && choice ? choice.dutiesPerSeason : 0 };
}

/** The core's field names as the form's: the pledge is a tick for the category's duties. */
function formMessages(errors: FieldMessages): FieldMessages {
  const { dutiesPledged, ...rest } = errors;
  return dutiesPledged === undefined ? rest : { ...rest, pledge: dutiesPledged };
}

function choiceText(choice: JoinChoice, currency: JoinOffer['currency']): string {
  const duties = choice.dutiesPerSeason > 0 ? `; ${choice.dutiesPerSeason} ${choice.dutiesPerSeason === 1 ? 'duty' : 'duties'} a year` : '';
  const until = choice.life ? 'for life' : `until ${dayText(choice.paysUntil)}`;
  return `${formatMoney(choice.amount, currency)}${choice.coversHousehold ? ' for your household' : ''}, ${until}${duties}`;
}

function JoinForm({ offer, onApplied }: { offer: JoinOffer; onApplied: (applied: Applied, values: JoinFormValues) => void }) {
  const apply = useApply();
  const choiceOf = (id: string) => offer.choices.find((choice) => choice.id === id);
  const form = useForm<JoinFormValues>({
    defaultValues: {
      categoryId: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      people: [],
      accept: false,
      pledge: false,
    },
    resolver: messagesResolver((values: JoinFormValues) => {
      const choice = choiceOf(values.categoryId);
      const checked = validateApplication(requestOf(values, choice), choice ? { ...choice, onlinePurchase: true, withdrawn: false } : null);
      return checked.ok ? {} : formMessages(checked.errors);
    }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const people = useFieldArray({ control: form.control, name: 'people' });
  const { errors, isSubmitting: submitting } = form.formState;
  const personError = (index: number) => (errors as Record<string, { message?: string } | undefined>)[`people.${index}`]?.message;
  const { focusFirst } = useFocusFirst(form, FIELDS, (name) => `join-${name}`);
  const chosen = choiceOf(useWatch({ control: form.control, name: 'categoryId' }));
  const send = (values: JoinFormValues) =>
    apply.mutateAsync(requestOf(values, choiceOf(values.categoryId))).then(
      (applied) => onApplied(applied, values),
      (error: unknown) => {
        const fields = error instanceof ApiError && error.status === 400 ? formMessages(error.fields ?? {}) : {};
        focusFirst(
          showRefusal(
            form,
            FIELDS,
            fields,
            Object.keys(fields).length > 0 ? null : refusalMessage(error, 'Sending your application failed. Please try again.'),
          ),
        );
      },
    );

  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="join-title">
      <p>Apply to join for yourself or your household. The club accepts each application; we e-mail you when it does.</p>
      <fieldset aria-describedby={errors.categoryId ? 'join-categoryId-error' : undefined}>
        <legend id="join-categoryId" tabIndex={-1}>
          Membership
        </legend>
        {offer.choices.map((choice) => (
          <div className="check-row" key={choice.id}>
            <input id={`join-category-${choice.id}`} type="radio" value={choice.id} {...form.register('categoryId')} />
            <label htmlFor={`join-category-${choice.id}`}>
              <strong>{choice.name}</strong>: {choiceText(choice, offer.currency)}
              {choice.description !== '' && <span className="field-hint"> {choice.description}</span>}
            </label>
          </div>
        ))}
        {errors.categoryId?.message && (
          <p id="join-categoryId-error" className="field-error">
            {errors.categoryId.message}
          </p>
        )}
      </fieldset>
      <h2>Your details</h2>
      <Field id="join-firstName" label="First name" error={errors.firstName?.message}>
        <input type="text" className="input" autoComplete="given-name" {...bindField(form, 'firstName', { clear: true })} />
      </Field>
      <Field id="join-lastName" label="Last name" error={errors.lastName?.message}>
        <input type="text" className="input" autoComplete="family-name" {...bindField(form, 'lastName', { clear: true })} />
      </Field>
      <Field id="join-email" label="E-mail" error={errors.email?.message}>
        <input type="email" className="input" autoComplete="email" {...bindField(form, 'email', { clear: true })} />
      </Field>
      <ContactFields form={form} idPrefix="join" />
      {chosen?.coversHousehold && (
        <fieldset>
          <legend>Others in your household</legend>
          <p className="field-hint">Give an e-mail to let them sign in themselves; without one they are on your household’s list.</p>
          {people.fields.map((field, index) => (
            <div key={field.id} className="form-fields" role="group" aria-labelledby={`join-person-${index}`}>
              <h3 id={`join-person-${index}`}>Person {index + 2}</h3>
              <Field id={`join-people-${index}-firstName`} label="First name" error={personError(index)}>
                <input type="text" className="input" autoComplete="off" {...bindField(form, `people.${index}.firstName`)} />
              </Field>
              <Field id={`join-people-${index}-lastName`} label="Last name">
                <input type="text" className="input" autoComplete="off" {...bindField(form, `people.${index}.lastName`)} />
              </Field>
              <Field id={`join-people-${index}-email`} label="E-mail (optional)">
                <input type="email" className="input" autoComplete="off" {...bindField(form, `people.${index}.email`)} />
              </Field>
              <Button variant="secondary" onClick={() => people.remove(index)}>
                Remove person {index + 2}
              </Button>
            </div>
          ))}
          {people.fields.length < MAX_APPLICATION_PEOPLE && (
            <Button variant="secondary" onClick={() => people.append({ firstName: '', lastName: form.getValues('lastName'), email: '' })}>
              Add a person
            </Button>
          )}
        </fieldset>
      )}
      <MembershipTerms form={form} idPrefix="join" duties={chosen?.dutiesPerSeason ?? 0} />
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Sending…' : offer.admission === 'after-payment' ? 'Continue to payment' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}

/** The card step: the payments feature's card form (as the renewal page's); the server records the payment on the provider's word. */
function CardStep({ applied, values, onPaid }: { applied: Applied; values: JoinFormValues; onPaid: () => void }) {
  const pay = usePayApplication();
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatMoney(applied.amount, applied.currency);
  const onToken = async (cardToken: string) => {
    setProblem(null);
    try {
      const answer = await pay.mutateAsync({ applicationId: applied.applicationId, cardToken });
      if (answer.status === 'COMPLETED') onPaid();
      else setProblem(`Payment failed. Please try again or contact us. ${answer.message}`);
    } catch (error) {
      setProblem(refusalMessage(error, 'Payment error occurred. Please try again or contact support.'));
    }
  };
  return (
    <div>
      <h2>Pay {amount}</h2>
      {applied.paysUntil && <p>Your membership will run until {dayText(applied.paysUntil)} once the club accepts your application.</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      <CardForm
        payLabel={`Pay ${amount}`}
        amountText={minorToDecimalText(applied.amount)}
        currency={applied.currency}
        billingContact={{ givenName: values.firstName, familyName: values.lastName, email: values.email }}
        busy={pay.isPending}
        onToken={onToken}
        onInvalid={() => setProblem('Please check your payment details and try again.')}
        onLoadFailed={() => setProblem('Failed to load payment form. Please refresh and try again.')}
      />
    </div>
  );
}
