import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { refusalMessage } from '../../../lib/api';
import { useMemberSession } from './member-session';
import { PasskeyCancelled, useAddPasskey, usePasskeySupport, useMemberPasskeys, useRemovePasskey } from '../api/passkeys';
import { formatMoment } from '@core/shared/date-text';

// When a passkey was made or used, with its time, as every page says a moment.
const at = (instant: string) => formatMoment(instant, 'member');

const ADD_FAILED = 'The passkey could not be added. Please try again.';
const REMOVE_FAILED = 'The passkey could not be removed. Please try again.';

/**
 * My club's "Passkeys": the signed-in member's passkeys, "Add a passkey" (where the browser can
 * make one) and Remove. Shown only to a signed-in member; nothing for a visitor.
 */
export function PasskeysSection() {
  const session = useMemberSession();
  const signedIn = !!session.data?.member;
  const passkeys = useMemberPasskeys(signedIn);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  // Read after mount: the server drew this page without a browser to ask.
  const supported = usePasskeySupport();
  const [added, setAdded] = useState(false);

  if (!signedIn) return null;
  return (
    <section className="card passkeys-card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>A passkey signs you in with your phone's or computer's fingerprint, face or screen lock, without waiting for an e-mailed code.</p>
      <QueryView query={passkeys} loading="Loading your passkeys…" failed="Failed to load your passkeys">
        {(data) => (
          <ListOrEmpty items={data.passkeys} empty="You have no passkeys yet." className="passkey-list">
            {(passkey) => (
              <li key={passkey.id} className="passkey-item">
                <span>
                  Passkey added {at(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${at(passkey.lastUsedAt)}` : ', not used yet'}
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Remove the passkey added ${at(passkey.createdAt)}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    setAdded(false);
                    remove.mutate(passkey.id);
                  }}
                >
                  {remove.isPending && remove.variables === passkey.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            )}
          </ListOrEmpty>
        )}
      </QueryView>
      {remove.isError && <Alert tone="error">{refusalMessage(remove.error, REMOVE_FAILED)}</Alert>}
      {add.isError && <Alert tone="error">{add.error instanceof PasskeyCancelled ? add.error.message : refusalMessage(add.error, ADD_FAILED)}</Alert>}
      {added && !add.isError && <Alert tone="success">Passkey added. Next time, choose "Sign in with a passkey".</Alert>}
      {supported === true ? (
        <Button
          disabled={add.isPending}
          onClick={() => {
            setAdded(false);
            add.mutate(undefined, { onSuccess: () => setAdded(true) });
          }}
        >
          {add.isPending ? 'Adding…' : 'Add a passkey'}
        </Button>
      ) : supported === false ? (
        <p>This browser cannot make passkeys.</p>
      ) : null}
    </section>
  );
}
