import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkDeclineReason, type ApplicationState } from '@core/membership/membership-application';
import type { ApplicationView } from '@core/operations/join-club';
import { formatMoney } from '@core/shared/money';
import { refusalMessage } from '../../../../lib/api';
import { bindField, ruleResolver } from '../../../../lib/form-rules';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import '../membership.css';
import { applicationsQueryOptions, useAdmitApplication, useApplications, useDeclineApplication } from '../api/applications';

export const APPLICATIONS_LOAD_FAILED = 'Failed to load the applications';

const STATE_TEXT: Record<ApplicationState, string> = {
  submitted: 'Waiting for payment',
  paid: 'Paid',
  admitted: 'Admitted',
  declined: 'Declined',
  expired: 'Expired',
};

function stateText(application: ApplicationView): string {
  if (application.state === 'submitted' && application.orderId === null) return 'Waiting for admission';
  const refund = application.refund === 'refunded' ? ' (refunded)' : application.refund === 'by-hand' ? ' (refund by hand)' : '';
  return `${STATE_TEXT[application.state]}${refund}`;
}

const nameOf = (application: ApplicationView) => `${application.firstName} ${application.lastName}`;

/**
 * Admin → Applications (docs/membership.md#joining): every application to join, newest first,
 * with Admit (when the club's admission mode allows it) and Decline with a reason.
 */
export function ApplicationsPage() {
  const applications = useApplications();
  const tryAgain = useTryAgain(applicationsQueryOptions().queryKey);
  const [notice, setNotice] = useState<Notice>(null);
  const [declining, setDeclining] = useState<ApplicationView | null>(null);
  const admit = useAdmitApplication();

  if (applications.isError && applications.error.status === 403) return <LoadError error={applications.error} message={APPLICATIONS_LOAD_FAILED} />;

  const onAdmit = (application: ApplicationView) => {
    setNotice(null);
    admit.mutate(application.id, {
      onSuccess: () => setNotice({ kind: 'success', message: `${nameOf(application)} admitted: the welcome e-mail is on its way.` }),
      onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, 'Failed to admit the application. Please try again.') }),
    });
  };

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Applications">Applications</PageTitle>
      </div>
      <p className="adm-muted">
        People who applied online to join the club. Admit them to make them members, or decline with a reason: a card payment is refunded.
      </p>
      <NoticeArea notice={notice} />
      <section className="adm-panel" aria-labelledby="adm-apps-title">
        <h2 id="adm-apps-title">Applications to join</h2>
        <LoadStatus query={applications} onRetry={tryAgain} loading="Loading applications…" failed={APPLICATIONS_LOAD_FAILED} />
        {applications.isSuccess &&
          (applications.data.length === 0 ? (
            <p className="adm-muted">No applications yet.</p>
          ) : (
            <DataTable label="Applications" columns={['Applicant', 'Membership', 'Others', { label: 'Amount', numeric: true }, 'State', 'Actions']}>
              {applications.data.map((application) => {
                const name = nameOf(application);
                const open = application.state === 'submitted' || application.state === 'paid';
                const admissible = open && (application.admission === 'before-payment' || application.state === 'paid');
                return (
                  <tr key={application.id}>
                    <th scope="row">
                      {name}
                      <span className="adm-muted adm-ms-description">{application.email}</span>
                      {application.matchesMember && <span className="adm-ms-description">Matches member {application.matchesMember.name}</span>}
                    </th>
                    <td>{application.categoryName}</td>
                    <td>{application.people.map((person) => `${person.firstName} ${person.lastName}`).join(', ') || 'None'}</td>
                    <td className="adm-num">{formatMoney(application.amount, application.currency)}</td>
                    <td>
                      {stateText(application)}
                      {application.reason && <span className="adm-muted adm-ms-description">{application.reason}</span>}
                    </td>
                    <td>
                      {admissible && (
                        <Button variant="secondary" disabled={admit.isPending} onClick={() => onAdmit(application)}>
                          Admit<span className="visually-hidden"> {name}</span>
                        </Button>
                      )}{' '}
                      {open && (
                        <Button
                          variant="secondary"
                          onClick={() => {
                            setNotice(null);
                            setDeclining(application);
                          }}
                        >
                          Decline<span className="visually-hidden"> {name}</span>
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          ))}
      </section>
      {declining && (
        <DeclinePanel
          key={declining.id}
          application={declining}
          onDone={(message) => {
            setDeclining(null);
            if (message) setNotice(message);
          }}
        />
      )}
    </>
  );
}

/** The decline form: the reason goes to the applicant with the word of the refund. */
function DeclinePanel({ application, onDone }: { application: ApplicationView; onDone: (notice: Notice) => void }) {
  const decline = useDeclineApplication();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' }, resolver: ruleResolver(checkDeclineReason), mode: 'onSubmit' });
  const { errors } = form.formState;
  const name = nameOf(application);
  const send = form.handleSubmit((values) =>
    decline.mutateAsync({ id: application.id, reason: values.reason }).then(
      (declined) =>
        onDone({
          kind: 'success',
          message: `${name} declined.${declined.refund === 'refunded' ? ' The payment is refunded.' : declined.refund === 'by-hand' ? ' Refund the payment by hand.' : ''}`,
        }),
      (error: unknown) => form.setError('root.server', { message: refusalMessage(error, 'Failed to decline the application. Please try again.') }),
    ),
  );
  return (
    <section className="adm-panel" aria-labelledby="adm-apps-decline-title">
      <h2 id="adm-apps-decline-title">Decline {name}</h2>
      <form className="form-fields" noValidate onSubmit={(event) => void send(event)}>
        <Field id="adm-apps-reason" label="Reason (sent to the applicant)" error={errors.reason?.message}>
          <textarea className="input" rows={3} {...bindField(form, 'reason', { clear: true })} />
        </Field>
        {errors.root?.server?.message && (
          <p role="alert" className="field-error">
            {errors.root.server.message}
          </p>
        )}
        <div className="household-form-actions">
          <Button type="submit" disabled={decline.isPending}>
            {decline.isPending ? 'Declining…' : 'Decline application'}
          </Button>{' '}
          <Button variant="secondary" onClick={() => onDone(null)} disabled={decline.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
