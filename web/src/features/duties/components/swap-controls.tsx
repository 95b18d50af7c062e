import { useDeferredValue, useState } from 'react';
import type { HeldDuty } from '@core/duties/my-duties-schema';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, InputField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { refusalMessage } from '../../../lib/api';
import { useSwapChanges, useTransferCandidates } from '../api/duty-swaps';

/**
 * Beside one of the member's duties: Ask for a swap (e-mailed to everyone who may take it) or hand
 * it to one member; once asked, Withdraw the request. The member keeps the duty until someone accepts.
 */
export function SwapControls({ duty }: { duty: HeldDuty }) {
  const [choosing, setChoosing] = useState(false);
  const [toMemberId, setToMemberId] = useState('');
  const [search, setSearch] = useState('');
  // Searched as the member types, without a request per key pressed while one is still on its way.
  const typed = useDeferredValue(search.trim());
  const candidates = useTransferCandidates(choosing ? duty.slotId : null, typed);
  const { ask, withdraw } = useSwapChanges();
  const label = `${duty.dutyTypeName} at ${duty.eventName}`;

  if (duty.swapId !== null) {
    return (
      <div className="duty-swap">
        {ask.isSuccess && ask.data.swap.id === duty.swapId ? (
          <Alert tone="success">
            {ask.data.offeredTo === 1 ? 'Asked: 1 member was e-mailed.' : `Asked: ${ask.data.offeredTo} members were e-mailed.`} You keep the duty until someone
            accepts.
          </Alert>
        ) : (
          <p>You asked for a swap. You keep the duty until someone accepts.</p>
        )}
        <Button
          variant="ghost"
          size="small"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(duty.swapId!)}
          aria-label={`Withdraw the request to swap ${label}`}
        >
          Withdraw the request
        </Button>
        {withdraw.isError && <Alert tone="error">{refusalMessage(withdraw.error, 'Withdrawing failed. Please try again.')}</Alert>}
      </div>
    );
  }
  if (!choosing) {
    return (
      <Button variant="secondary" size="small" onClick={() => setChoosing(true)} aria-label={`Ask for a swap of ${label}`}>
        Ask for a swap
      </Button>
    );
  }
  const selectId = `swap-to-${duty.slotId}`;
  return (
    <div className="duty-swap">
      <Button
        size="small"
        disabled={ask.isPending}
        onClick={() => ask.mutate({ slotId: duty.slotId, toMemberId: null })}
        aria-label={`Ask anyone who can take ${label}`}
      >
        Ask anyone who can
      </Button>
      <InputField
        id={`swap-search-${duty.slotId}`}
        type="search"
        label="Or hand it to a member"
        hint="Type at least 2 letters of their name"
        autoComplete="off"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setToMemberId('');
        }}
      />
      {typed.length < 2 ? null : candidates.isPending ? (
        <Spinner label="Looking for members who can take it…" />
      ) : candidates.isError ? (
        <Alert tone="error">{refusalMessage(candidates.error, 'Failed to load who can take it.')}</Alert>
      ) : candidates.data.candidates.length === 0 ? (
        <p role="status">No member of that name is qualified and free at that time.</p>
      ) : (
        <form
          className="form-fields"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (toMemberId !== '') ask.mutate({ slotId: duty.slotId, toMemberId });
          }}
        >
          <Field id={selectId} label="Hand it to" hint={candidates.data.more ? 'Only the first 10 are shown: type more of the name.' : undefined}>
            <select className="input" value={toMemberId} onChange={(e) => setToMemberId(e.target.value)}>
              <option value="">Choose a member</option>
              {candidates.data.candidates.map((c) => (
                <option key={c.memberId} value={c.memberId}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="secondary" size="small" disabled={ask.isPending || toMemberId === ''}>
            Hand it over
          </Button>
        </form>
      )}
      <Button variant="ghost" size="small" onClick={() => setChoosing(false)}>
        Cancel
      </Button>
      {ask.isError && <Alert tone="error">{refusalMessage(ask.error, 'Asking failed. Please try again.')}</Alert>}
    </div>
  );
}
