import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from '@core/push/push';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryView } from '../../../components/ui/load-failed';
import { PermissionRefused, useDevicePush, useMyPush, useSetPushKinds, useSwitchPushOff, useSwitchPushOn } from '../api/my-push';

/**
 * My club's "Notifications on this device" (docs/notifications.md#settings): switch push on or off
 * for this browser, and choose the kinds it takes. States: unsupported, blocked, off, on.
 */
export function PushSection() {
  const mine = useMyPush();
  const device = useDevicePush();
  const on = useSwitchPushOn();
  const off = useSwitchPushOff();
  const kinds = useSetPushKinds();
  return (
    <section className="card" aria-labelledby="my-push-title">
      <h2 id="my-push-title">Notifications on this device</h2>
      <QueryView query={device} loading="Checking this device…" failed="Failed to check this device">
        {(here) => (
          <QueryView query={mine} loading="Loading your notifications…" failed="Failed to load your notifications">
            {({ publicKey, devices }) => {
              if (here.state === 'unsupported') return <p>This browser cannot show notifications from the club. Your e-mails still tell you everything.</p>;
              if (here.state === 'blocked')
                return <p>Notifications from the club are blocked in this browser’s settings. Allow them there, then come back to switch them on.</p>;
              if (publicKey === null) return <p>Notifications are not set up on this server.</p>;
              const current = here.subscription ? devices.find((d) => d.endpoint === here.subscription?.endpoint) : undefined;
              if (!here.subscription || !current)
                return (
                  <>
                    <p>Get a notification on this device when something needs you: the same news the club e-mails you, and nothing about anyone else.</p>
                    <Button variant="primary" disabled={on.isPending} onClick={() => on.mutate(publicKey)}>
                      {on.isPending ? 'Switching on…' : 'Switch notifications on'}
                    </Button>
                  </>
                );
              const subscription = here.subscription;
              // The choice being saved shows at once; the server's answer then confirms it.
              const chosen = kinds.isPending && kinds.variables ? kinds.variables.kinds : current.kinds;
              const toggle = (kind: PushKind, checked: boolean) => {
                const next = checked ? [...chosen, kind] : chosen.filter((k) => k !== kind);
                kinds.mutate({ endpoint: current.endpoint, kinds: next });
              };
              return (
                <>
                  <p role="status">Notifications are on for this device.</p>
                  <fieldset disabled={kinds.isPending}>
                    <legend>Notify me on this device about</legend>
                    {PUSH_KINDS.map((kind) => (
                      <label key={kind} className="checkbox-row">
                        <input type="checkbox" checked={chosen.includes(kind)} onChange={(e) => toggle(kind, e.currentTarget.checked)} />{' '}
                        {PUSH_KIND_LABELS[kind]}
                      </label>
                    ))}
                  </fieldset>
                  <Button variant="secondary" disabled={off.isPending} onClick={() => off.mutate(subscription)}>
                    {off.isPending ? 'Switching off…' : 'Switch notifications off'}
                  </Button>
                </>
              );
            }}
          </QueryView>
        )}
      </QueryView>
      {on.isError && (
        <Alert tone="error">
          {on.error instanceof PermissionRefused
            ? 'This browser did not allow notifications. Allow them in its settings to switch them on.'
            : 'Switching notifications on failed. Please try again.'}
        </Alert>
      )}
      {off.isError && <Alert tone="error">Switching notifications off failed. Please try again.</Alert>}
      {kinds.isError && <Alert tone="error">Saving your choice failed. Please try again.</Alert>}
    </section>
  );
}
