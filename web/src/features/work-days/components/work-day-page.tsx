import { workDayPath } from '@core/shared/paths';
import { Link, useSearchParams } from 'react-router-dom';
import type { WorkDaySignupForm } from '@core/work-days/work-day';
import { formatDate } from '@core/shared/date-text';
import { WORK_DAY_MESSAGES, isJobFull, validateWorkDaySignup } from '@core/work-days/work-days';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useForm, useWatch, type PathValue } from 'react-hook-form';
import { bindField, formRuleResolver, showRefusal } from '../../../lib/form-rules';
import { useWorkDay, useWorkDays } from '../api/work-day-reads';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignUpForWorkDay, type ListedWorkDay } from '../api/work-day-api';
import { CalendarIcon } from '../../../components/ui/icons';
import { PageLoading, PageLoadFailed } from '../../../components/ui/load-failed';
import { MessagePage } from '../../../components/layout/message-page';

function emptySignup(): WorkDaySignupForm {
  return { firstName: '', lastName: '', selectedJobs: [], otherJob: '', notes: '', bringingTools: false, wantsFood: false, email: '' };
}

function NoWorkDay() {
  usePageTitle('Work Day');
  const state = useWorkDays();
  return (
    <div className="page narrow">
      <section className="card">
        <h1>No work day specified</h1>
        {state.status === 'success' && state.data.length > 0 ? (
          <>
            <p>Choose a work day to sign up for:</p>
            <ul className="plain-list">
              {state.data.map((day) => (
                <li key={day.id}>
                  <Link to={workDayPath(day.id)}>{day.name}</Link> — {formatDate(day.date, 'member')}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            Follow the sign-up link in the club's e-mail, or see the <Link to="/calendar">events calendar</Link>.
          </p>
        )}
      </section>
    </div>
  );
}

/** The sign-up form; `signUp` is the page's mutation, whose answer the page shows once it succeeds. */
function SignupForm({ workDay, signUp }: { workDay: ListedWorkDay; signUp: ReturnType<typeof useSignUpForWorkDay> }) {
  const form = useForm<WorkDaySignupForm>({
    defaultValues: emptySignup(),
    // The spec's sign-up names one problem at a time, for the form as a whole.
    resolver: formRuleResolver((values: WorkDaySignupForm) => validateWorkDaySignup(values, workDay)),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const signup = useWatch({ control: form.control }) as WorkDaySignupForm;
  const formError = errors.root?.server?.message ?? errors.root?.message ?? null;
  /** A value a checkbox sets; like any change it clears the form's message. */
  const set = <N extends 'selectedJobs' | 'bringingTools' | 'wantsFood'>(name: N, value: WorkDaySignupForm[N]) => {
    form.clearErrors('root');
    form.setValue(name, value as PathValue<WorkDaySignupForm, N>);
  };
  const toggleJob = (jobId: string, checked: boolean) =>
    set('selectedJobs', checked ? [...signup.selectedJobs, jobId] : signup.selectedJobs.filter((id) => id !== jobId));

  const send = async (values: WorkDaySignupForm) => {
    try {
      await signUp.mutateAsync(values);
    } catch (cause) {
      // 409: a job filled up meanwhile, or this name has signed up already; the server's words
      // say which (and useSignUpForWorkDay fetches the counts again so a full job shows as full).
      const told = cause instanceof ApiError && (cause.status === 400 || cause.status === 409);
      showRefusal(form, [], {}, told ? cause.message : WORK_DAY_MESSAGES.submitFailed);
    }
  };

  return (
    <form
      className="card workday-form"
      noValidate
      onSubmit={(e) => (submitting ? e.preventDefault() : void form.handleSubmit(send)(e))}
      aria-labelledby="signup-heading"
    >
      <h2 id="signup-heading">Sign up to help</h2>
      <fieldset disabled={submitting} className="form-fields">
        <legend className="visually-hidden">Your details</legend>
        <div className="two-columns">
          <Field id="workday-firstName" label="First Name *">
            <input className="input" type="text" autoComplete="given-name" {...bindField(form, 'firstName')} />
          </Field>
          <Field id="workday-lastName" label="Last Name *">
            <input className="input" type="text" autoComplete="family-name" {...bindField(form, 'lastName')} />
          </Field>
        </div>
        <fieldset className="job-list">
          <legend>Which jobs can you help with? *</legend>
          {workDay.jobs.map((job) => {
            const id = `job-${job.id}`;
            // A closed job (an admin closed it) takes no one new either, whatever its count.
            const closed = job.closed === true;
            const full = closed || isJobFull(job);
            const chosen = signup.selectedJobs.includes(job.id);
            return (
              <div key={job.id} className={full ? 'job-option job-full' : 'job-option'}>
                {/* A full job takes no one new; one already ticked can still be unticked. */}
                <input
                  id={id}
                  type="checkbox"
                  checked={chosen}
                  disabled={full && !chosen}
                  onChange={(e) => toggleJob(job.id, e.target.checked)}
                  aria-describedby={`${id}-count`}
                />
                <label htmlFor={id}>
                  <span className="job-title">{job.title}</span>
                  {job.description !== '' && <span className="job-description">{job.description}</span>}
                  <span className="job-count" id={`${id}-count`}>
                    {full && <strong className="job-full-label">{closed ? 'Closed: ' : 'Full: '}</strong>}
                    {job.currentVolunteers} of {job.volunteersNeeded} volunteers signed up
                  </span>
                </label>
              </div>
            );
          })}
        </fieldset>
        <Field id="workday-otherJob" label="Other Job" hint="Something else you could help with? Tell us here.">
          <input className="input" type="text" {...bindField(form, 'otherJob')} />
        </Field>
        <div className="check-row">
          <input id="workday-tools" type="checkbox" checked={signup.bringingTools} onChange={(e) => set('bringingTools', e.target.checked)} />
          <label htmlFor="workday-tools">I can bring tools</label>
        </div>
        {workDay.foodAvailable && (
          <div className="check-row">
            <input id="workday-food" type="checkbox" checked={signup.wantsFood} onChange={(e) => set('wantsFood', e.target.checked)} />
            <label htmlFor="workday-food">I would like food on the day</label>
          </div>
        )}
        <Field
          id="workday-email"
          label="Email (optional)"
          hint="Give one and we will e-mail you a confirmation with a calendar file and a link to withdraw, and a reminder before the day."
        >
          <input className="input" type="email" autoComplete="email" inputMode="email" {...bindField(form, 'email')} />
        </Field>
        <Field id="workday-notes" label="Notes">
          <textarea className="input" rows={3} {...bindField(form, 'notes')} />
        </Field>
      </fieldset>
      {formError !== null && <Alert tone="error">{formError}</Alert>}
      <Button type="submit" disabled={submitting} className="btn-block">
        {submitting ? 'Signing up...' : 'Sign Up'}
      </Button>
    </form>
  );
}

function WorkDayScreen({ id }: { id: string }) {
  const state = useWorkDay(id);
  const signUp = useSignUpForWorkDay(id);
  usePageTitle(state.status === 'success' ? state.data.name : 'Work Day');

  if (state.status === 'pending') return <PageLoading label="Loading work day..." />;
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 404) {
      return (
        <MessagePage title="Work Day Not Found">
          <p>This work day does not exist or is no longer open for sign-ups.</p>
          <Link to={workDayPath()}>See the work days open for sign-ups</Link>
        </MessagePage>
      );
    }
    return <PageLoadFailed title="Failed to load the work day" error={state.error} onRetry={state.tryAgain} />;
  }

  const workDay = state.data;
  if (signUp.isSuccess) {
    const confirmed = { jobsChosen: signUp.data.jobsChosen, firstName: signUp.variables.firstName.trim(), email: signUp.variables.email.trim() };
    return (
      <div className="page narrow">
        <section className="card success-card" aria-labelledby="confirmed-heading">
          <p className="success-icon" aria-hidden="true">
            ✓
          </p>
          <h1 id="confirmed-heading" tabIndex={-1} ref={(el) => el?.focus()}>
            Booking Confirmed
          </h1>
          <p>
            Thank you{confirmed.firstName !== '' ? `, ${confirmed.firstName}` : ''}. You have signed up for{' '}
            <strong className="jobs-chosen">{confirmed.jobsChosen === 1 ? '1 job' : `${confirmed.jobsChosen} jobs`}</strong> on {workDay.name},{' '}
            {formatDate(workDay.date, 'member')}.
          </p>
          {confirmed.email !== '' && (
            <p className="confirmation-email">
              A confirmation is on its way to <strong>{confirmed.email}</strong>, with a calendar file and a link to withdraw if you can no longer come.
            </p>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              signUp.reset();
              state.tryAgain();
            }}
          >
            Sign up someone else
          </Button>
        </section>
      </div>
    );
  }

  return (
    <div className="page workday-page">
      <section className="card" aria-labelledby="workday-name">
        <h1 id="workday-name">{workDay.name}</h1>
        <p className="event-date">
          <CalendarIcon size={18} />
          {formatDate(workDay.date, 'member')}
        </p>
        {workDay.description !== '' && <p>{workDay.description}</p>}
        {workDay.tools !== '' && (
          <p>
            <strong>Tools:</strong> {workDay.tools}
          </p>
        )}
        {workDay.notes !== '' && (
          <p>
            <strong>Notes:</strong> {workDay.notes}
          </p>
        )}
        {workDay.foodAvailable && <p>Food will be provided for volunteers: tick the box below if you would like some.</p>}
      </section>
      <SignupForm workDay={workDay} signUp={signUp} />
    </div>
  );
}

/** /work-day-booking?id={workDayId}: the work day, its jobs with real counts, and the sign-up form. */
export function WorkDayPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return id === '' ? <NoWorkDay /> : <WorkDayScreen key={id} id={id} />;
}
