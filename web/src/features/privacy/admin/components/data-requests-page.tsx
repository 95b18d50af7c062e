import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { InputField } from '../../../../components/ui/field';
import { refusalMessage } from '../../../../lib/api';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { useDownloadPersonalData, useErasePerson } from '../api/data-requests';

const FAILED = 'The request failed. Please try again.';

/**
 * Data requests (/admin/privacy, privacy:manage; docs/privacy-requests.md): an admin answers a
 * subject-access request (a zip of everything held about an e-mail) or an erasure request.
 */
export function DataRequestsPage() {
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const download = useDownloadPersonalData();
  const erase = useErasePerson();
  const busy = download.isPending || erase.isPending;
  const emailError = download.error ?? erase.error;
  const fieldError = emailError && 'fields' in emailError ? (emailError as { fields: Record<string, string> }).fields.email : undefined;

  const onDownload = (e: FormEvent) => {
    e.preventDefault();
    erase.reset();
    download.mutate(email);
  };

  return (
    <>
      <PageTitle documentTitle="Data requests">Data requests</PageTitle>
      <p className="adm-muted">
        Answer a person&apos;s request to see or erase what the club holds about them (UK GDPR: within a month). Everything is found by e-mail address, in any
        case, across bookings, payments, waiting lists, work days, duties, the member list, households, e-mails sent and the audit log.
      </p>
      <section className="adm-panel" aria-labelledby="adm-privacy-title">
        <h2 id="adm-privacy-title">Find a person</h2>
        <form onSubmit={onDownload} noValidate>
          <fieldset className="adm-fieldset" disabled={busy}>
            <legend className="visually-hidden">The person&apos;s e-mail address</legend>
            <InputField
              id="privacy-email"
              label="E-mail address"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldError}
              required
            />
            <div className="adm-actions">
              <Button type="submit">{download.isPending ? 'Preparing the archive…' : 'Download everything held'}</Button>
              <Button
                type="button"
                variant="danger"
                onClick={() => {
                  download.reset();
                  erase.reset();
                  setConfirming(true);
                }}
              >
                Erase this person
              </Button>
            </div>
          </fieldset>
        </form>
        <div aria-live="polite">
          {download.isSuccess && (
            <p role="status">The archive is downloaded: a JSON file and a CSV file for each kind of record held. Send it to the person by a safe route.</p>
          )}
          {download.isError && <Alert tone="error">{refusalMessage(download.error, FAILED)}</Alert>}
          {erase.isSuccess && (
            <p role="status">
              Erased: {erase.data.records} {erase.data.records === 1 ? 'record' : 'records'} no longer name this person. Financial records were kept without the
              name.
            </p>
          )}
          {erase.isError && <Alert tone="error">{refusalMessage(erase.error, FAILED)}</Alert>}
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Erase this person?"
        confirmLabel="Erase"
        cancelLabel="Keep their data"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          erase.mutate(email);
        }}
      >
        <p>
          Everything held about <strong>{email.trim() || 'this address'}</strong> is anonymised everywhere: names, e-mail, boats, phones and household names
          become a pseudonym, in bookings, lists, e-mails and the audit log. Payments and refunds stay, without the name. A member is signed out and their
          account closed. This cannot be undone. An upcoming paid booking must be cancelled and refunded first.
        </p>
        <p>
          A member&apos;s duties still to come are released: their slots are left empty (an event may then be short of cover) and the admins who keep the duty
          rosters are e-mailed the list.
        </p>
      </ConfirmDialog>
    </>
  );
}
