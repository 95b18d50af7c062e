import { useRef, useState, type FormEvent } from 'react';
import { emptyJobRow, validateWorkDayForm, WORK_DAY_LIMITS, type WorkDayFormValues, type WorkDayJobFormValues } from '@core/work-days/work-day-form';
import { DateFormatHint, DateTimeField } from '../../../../admin/shared/components/date-time-field';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Field } from '../../../../components/ui/field';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { AdminForm, useAdminForm, type AdminFormProps } from '../../../../admin/shared/components/admin-form';

type TopField = Exclude<keyof WorkDayFormValues, 'jobs'> | 'jobs';
const FIELD_ORDER: readonly TopField[] = ['name', 'description', 'date', 'tools', 'notes', 'jobs'];
const fieldId = (name: string) => `adm-workday-${name.replace(/\./g, '-')}`;

/** The form's messages split into the day's own fields and the job rows' (`jobs.<row>.<field>`). */
function split(errors: Record<string, string>): { top: Partial<Record<TopField, string>>; rows: Record<string, string> } {
  const top: Partial<Record<TopField, string>> = {};
  const rows: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith('jobs.')) rows[key] = message;
    else top[key as TopField] = message;
  }
  // A row's message also marks the jobs as a whole, so the count and the focus find it.
  const first = Object.keys(rows)[0];
  if (first !== undefined && top.jobs === undefined) top.jobs = rows[first];
  return { top, rows };
}

/**
 * The work-day form for create and edit: the day's details and its jobs, checked with the same
 * core rule the server applies (validateWorkDayForm). A job somebody signed up for has no Delete
 * button (it can be closed instead); the server refuses such a deletion all the same.
 */
export function WorkDayForm({
  initial,
  signedUp,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: AdminFormProps<WorkDayFormValues> & {
  /** Volunteers signed up per stored job id (empty for a new day). */
  signedUp: Record<string, number>;
}) {
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const firstRowError = useRef<string | null>(null);
  const showRows = (rows: Record<string, string>) => {
    firstRowError.current = Object.keys(rows).sort((a, b) => rowOrder(a) - rowOrder(b))[0] ?? null;
    setRowErrors(rows);
  };
  const form = useAdminForm<WorkDayFormValues, TopField>({
    initial,
    // The day's own fields and the jobs as a whole; the rows' messages show beside the rows.
    check: (values) => {
      const checked = validateWorkDayForm(values);
      return checked.ok ? checked : { ok: false, errors: split(checked.errors).top };
    },
    order: FIELD_ORDER,
    // The jobs' message focuses the first row field that has one.
    idOf: (name) => (name === 'jobs' && firstRowError.current ? fieldId(firstRowError.current) : fieldId(name)),
    onSubmit: async (submitted) => {
      showRows({});
      const refused = await onSubmit(submitted);
      if (refused === null) return null;
      const { top, rows } = split(refused);
      showRows(rows);
      return top as Record<string, string>;
    },
  });
  const { values, set, errorFor, submitting } = form;

  const submit = (e: FormEvent) => {
    const checked = validateWorkDayForm(values);
    showRows(checked.ok ? {} : split(checked.errors).rows);
    form.submit(e);
  };

  const setJobs = (jobs: WorkDayJobFormValues[]) => {
    set('jobs', jobs);
    showRows({});
  };
  const setJob = (row: number, change: Partial<WorkDayJobFormValues>) => setJobs(values.jobs.map((job, i) => (i === row ? { ...job, ...change } : job)));
  const jobsError = errorFor('jobs');
  const jobsWholeError = jobsError !== undefined && Object.keys(rowErrors).length === 0 ? jobsError : undefined;

  return (
    <AdminForm onSubmit={submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Work day details</legend>
        <Field id={fieldId('name')} label="Work Day Name" error={errorFor('name')} required>
          <input className="input" type="text" {...form.bind('name')} />
        </Field>
        <Field id={fieldId('description')} label="Description" error={errorFor('description')} hint="Shown on the sign-up page.">
          <textarea className="input" rows={3} {...form.bind('description')} />
        </Field>
        <DateFormatHint id="adm-workday-date-format" />
        <DateTimeField
          id={fieldId('date')}
          label="Date & Time (UK time)"
          {...form.control('date')}
          hint="Leave empty while the date is not fixed: members then see Date TBC."
          formatHintId="adm-workday-date-format"
        />
        <div className="adm-grid-2">
          <Field id={fieldId('tools')} label="Tools" error={errorFor('tools')} hint="What volunteers could bring.">
            <input className="input" type="text" {...form.bind('tools')} />
          </Field>
          <Field id={fieldId('notes')} label="Notes" error={errorFor('notes')} hint="E.g. where to park, when lunch is.">
            <input className="input" type="text" {...form.bind('notes')} />
          </Field>
        </div>
        <div className="adm-checks">
          <Checkbox
            id={fieldId('foodAvailable')}
            name="foodAvailable"
            label="Food Offered"
            hint="Volunteers can ask for food when they sign up."
            checked={values.foodAvailable}
            onChange={(checked) => set('foodAvailable', checked)}
          />
          <Checkbox
            id={fieldId('active')}
            name="active"
            label="Active"
            hint="Members can see the work day and sign up; otherwise it is hidden from them."
            checked={values.active}
            onChange={(checked) => set('active', checked)}
          />
        </div>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Jobs</legend>
        <p className="field-hint" id={fieldId('jobs')} tabIndex={-1}>
          Members tick the jobs they will help with; "Other Job" is always offered as well. A job somebody has signed up for cannot be deleted: close it
          instead, and it takes no more sign-ups.
        </p>
        {jobsWholeError && <Alert tone="error">{jobsWholeError}</Alert>}
        <ol className="adm-job-rows">
          {values.jobs.map((job, row) => {
            const taken = job.id === '' ? 0 : (signedUp[job.id] ?? 0);
            const title = job.title.trim() === '' ? `Job ${row + 1}` : job.title;
            return (
              <li key={job.id === '' ? `new-${row}` : job.id} className="adm-job-row">
                <fieldset className="adm-fieldset-inner">
                  <legend>
                    Job {row + 1}
                    {taken > 0 && <span className="adm-muted"> · {taken === 1 ? '1 volunteer' : `${taken} volunteers`} signed up</span>}
                  </legend>
                  <div className="adm-grid-2">
                    <Field id={fieldId(`jobs.${row}.title`)} label="Job Title" error={rowErrors[`jobs.${row}.title`]} required>
                      <input
                        className="input"
                        type="text"
                        maxLength={WORK_DAY_LIMITS.jobTitle * 2}
                        value={job.title}
                        onChange={(e) => setJob(row, { title: e.target.value })}
                      />
                    </Field>
                    <Field id={fieldId(`jobs.${row}.volunteersNeeded`)} label="Volunteers Needed" error={rowErrors[`jobs.${row}.volunteersNeeded`]} required>
                      <input
                        className="input"
                        type="number"
                        inputMode="numeric"
                        min={Math.max(1, taken)}
                        max={WORK_DAY_LIMITS.volunteers}
                        step={1}
                        value={job.volunteersNeeded}
                        onChange={(e) => setJob(row, { volunteersNeeded: e.target.value })}
                      />
                    </Field>
                  </div>
                  <Field id={fieldId(`jobs.${row}.description`)} label="Job Description" error={rowErrors[`jobs.${row}.description`]}>
                    <input className="input" type="text" value={job.description} onChange={(e) => setJob(row, { description: e.target.value })} />
                  </Field>
                  <div className="adm-actions">
                    <Checkbox
                      id={fieldId(`jobs.${row}.closed`)}
                      name={`jobs.${row}.closed`}
                      label="Closed"
                      hint="Takes no more sign-ups; keeps its volunteers."
                      checked={job.closed}
                      onChange={(checked) => setJob(row, { closed: checked })}
                      compact
                    />
                    {taken === 0 && (
                      <Button variant="danger" size="small" onClick={() => setJobs(values.jobs.filter((_, i) => i !== row))} aria-label={`Delete job ${title}`}>
                        Delete job
                      </Button>
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {values.jobs.length < WORK_DAY_LIMITS.jobs && (
          <Button variant="secondary" onClick={() => setJobs([...values.jobs, emptyJobRow()])}>
            Add a job
          </Button>
        )}
      </fieldset>
    </AdminForm>
  );
}

/** Row messages in the order of the page: by row, then title before the number before the description. */
function rowOrder(key: string): number {
  const [, row, field] = key.split('.');
  return Number(row) * 10 + (field === 'title' ? 0 : field === 'volunteersNeeded' ? 1 : 2);
}
