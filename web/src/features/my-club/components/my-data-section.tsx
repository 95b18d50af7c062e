import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { refusalMessage } from '../../../lib/api';
import { dutyWhen } from '../../../lib/duty-when';
import { useDownloadMyData, useEraseMyData } from '../api/my-data';
import { useMyDuties } from '../../duties/exports/my-duties-query';

/**
 * My club's "My data" (docs/privacy-requests.md): download everything the club holds about the
 * member, or erase it (with a confirmation; the member is then signed out).
 */
export function MyDataSection({ onErased }: { onErased: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const download = useDownloadMyData();
  const erase = useEraseMyData();
  // The duties the erasure releases (docs/duties.md#when-a-member-leaves), said in the confirmation.
  const duties = useMyDuties();
  const upcoming = duties.data?.duties ?? [];
  return (
    <section className="card" aria-labelledby="my-data-title">
      <h2 id="my-data-title">My data</h2>
      <p>
        Download everything the club holds about you: your member record, household, bookings, payments, waiting lists, work days, duties and the e-mails sent
        to you, as JSON and CSV files in one zip.
      </p>
      <div className="my-data-actions">
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
        <Button variant="danger" disabled={erase.isPending} onClick={() => setConfirming(true)}>
          {erase.isPending ? 'Erasing…' : 'Erase my data'}
        </Button>
      </div>
      <div aria-live="polite">
        {download.isSuccess && <p role="status">Your data is downloaded.</p>}
        {download.isError && <Alert tone="error">Downloading your data failed. Please try again.</Alert>}
        {erase.isError && <Alert tone="error">{refusalMessage(erase.error, 'Erasing your data failed. Please try again.', [409])}</Alert>}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Erase your data?"
        confirmLabel="Erase my data"
        cancelLabel="Keep my data"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          erase.mutate(undefined, { onSuccess: onErased });
        }}
      >
        <p>
          Your name, e-mail, boat, phone numbers and household are removed from everything the club holds, and you are signed out: you will not be able to sign
          in again with this e-mail. Payments stay in the club&apos;s accounts without your name. This cannot be undone. If you have a paid booking coming up,
          cancel it first.
        </p>
        {upcoming.length > 0 && (
          <>
            <p>
              {upcoming.length === 1 ? 'Your duty still to come is released' : `Your ${upcoming.length} duties still to come are released`}, and the club&apos;s
              duty organisers are told so they can find someone else:
            </p>
            <ul>
              {upcoming.map((duty) => (
                <li key={duty.slotId}>
                  {duty.dutyTypeName}, {duty.eventName}, {dutyWhen(duty)}
                </li>
              ))}
            </ul>
          </>
        )}
        {duties.isError && <p>Any duties you hold still to come are released, and the club&apos;s duty organisers are told.</p>}
      </ConfirmDialog>
    </section>
  );
}
