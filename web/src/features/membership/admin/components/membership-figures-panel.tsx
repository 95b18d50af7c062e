import { useState } from 'react';
import type { FiguresMember, MembershipFigures } from '@core/membership/membership-figures';
import { formatDay } from '@core/shared/date-text';
import { londonMidnight } from '@core/shared/london-time';
import { formatMoney } from '@core/shared/money';
import { refusalMessage } from '../../../../lib/api';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Button } from '../../../../components/ui/button';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import type { Notice } from '../../../../admin/shared/components/notice';
import { membershipFiguresQueryOptions, membershipPaymentsCsvUrl, useMembershipFigures, useRefundOrder } from '../api/membership';

export const FIGURES_LOAD_FAILED = 'Failed to load the membership figures';
const METHOD_NAMES = { card: 'Card', cash: 'Cash', transfer: 'Transfer' } as const;
const dayText = (date: string) => formatDay(londonMidnight(date).toISOString(), 'member');
const renewalText = (date: string) => (date.startsWith('9999') ? 'Life' : dayText(date));

/**
 * The secretary's and treasurer's figures for a membership year, the current one first, with
 * Previous, This and Next year to move (docs/membership.md,
 * "Figures, refunds and the CSV"): who is due, lapsed and renewed, by name; counts per category;
 * and, for admins who may see money (bookings:write), the money per category and by method, the
 * CSV of the payments and a Refund action on each paid order.
 */
export function MembershipFiguresPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  // null: the current year, as the server reckons it; a number: the year the admin moved to.
  const [year, setYear] = useState<number | null>(null);
  const figures = useMembershipFigures(year);
  const tryAgain = useTryAgain(membershipFiguresQueryOptions(year).queryKey);
  const shown = figures.data?.year ?? year;
  return (
    <section className="adm-panel" aria-labelledby="adm-ms-figures-title">
      <h2 id="adm-ms-figures-title">Figures</h2>
      <div className="adm-ms-years" role="group" aria-label="Membership year">
        <Button variant="secondary" disabled={shown === null} onClick={() => shown !== null && setYear(shown - 1)}>
          Previous year
        </Button>{' '}
        <Button variant="secondary" disabled={year === null} onClick={() => setYear(null)}>
          This year
        </Button>{' '}
        <Button variant="secondary" disabled={shown === null} onClick={() => shown !== null && setYear(shown + 1)}>
          Next year
        </Button>
      </div>
      <LoadStatus query={figures} onRetry={tryAgain} loading="Loading figures…" failed={FIGURES_LOAD_FAILED} />
      {figures.isSuccess && <Figures figures={figures.data} onNotice={onNotice} />}
    </section>
  );
}

function Figures({ figures, onNotice }: { figures: MembershipFigures; onNotice: (notice: Notice) => void }) {
  const { counts, money } = figures;
  const total = (minor: number) => formatMoney(minor, figures.currency);
  return (
    <>
      <p className="adm-muted">
        Membership year {dayText(figures.start)} to {dayText(figures.end)}; statuses on {dayText(figures.asOf)}.
      </p>
      <dl className="adm-ms-counts">
        {(
          [
            ['Due (renewal open)', counts.due],
            ['Lapsed', counts.lapsed],
            ['Renewed this year', counts.renewed],
            ['Current', counts.current],
            ['Life', counts.life],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {money && (
          <div>
            <dt>Taken less refunds</dt>
            <dd data-testid="adm-ms-net">{total(money.total.net)}</dd>
          </div>
        )}
      </dl>
      <div className="adm-ms-lists">
        <MemberList title="Due" members={figures.due} empty="Nobody is due to renew." />
        <MemberList title="Lapsed" members={figures.lapsed} empty="Nobody has lapsed." />
        <MemberList title="Renewed this year" members={figures.renewed} empty="Nobody has renewed for this year yet." />
      </div>
      <h3>By category</h3>
      <DataTable
        label="Members and money by category"
        columns={[
          'Category',
          { label: 'Members', numeric: true },
          { label: 'Renewed', numeric: true },
          ...(money
            ? ([
                { label: 'Taken', numeric: true },
                { label: 'Refunded', numeric: true },
                { label: 'Net', numeric: true },
              ] as const)
            : []),
        ]}
      >
        {figures.categories.map((category) => (
          <tr key={category.categoryId ?? category.name}>
            <td>{category.name}</td>
            <td className="adm-num">{category.members}</td>
            <td className="adm-num">{category.renewed}</td>
            {category.money && (
              <>
                <td className="adm-num">{total(category.money.paid)}</td>
                <td className="adm-num">{total(category.money.refunded)}</td>
                <td className="adm-num">{total(category.money.net)}</td>
              </>
            )}
          </tr>
        ))}
      </DataTable>
      {money ? (
        <MoneyParts figures={figures} money={money} onNotice={onNotice} />
      ) : (
        <p className="adm-muted">The money (payments, refunds and their CSV) is shown to admins who may change bookings.</p>
      )}
    </>
  );
}

function MemberList({ title, members, empty }: { title: string; members: FiguresMember[]; empty: string }) {
  return (
    <div>
      <h3>
        {title} ({members.length})
      </h3>
      {members.length === 0 ? (
        <p className="adm-muted">{empty}</p>
      ) : (
        <ul className="adm-ms-people" aria-label={title}>
          {members.map((member) => (
            <li key={member.id}>
              {member.name}{' '}
              <span className="adm-muted">
                ({member.category}, {renewalText(member.renewalDate)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Money = NonNullable<MembershipFigures['money']>;
type PaidOrder = Money['orders'][number];

function MoneyParts({ figures, money, onNotice }: { figures: MembershipFigures; money: Money; onNotice: (notice: Notice) => void }) {
  const total = (minor: number) => formatMoney(minor, figures.currency);
  const refund = useConfirm<PaidOrder>(
    useRefundOrder({
      onSuccess: (answer) =>
        onNotice({
          kind: 'success',
          message: answer.result === 'refunded' ? 'Refund made: the renewal date stays as it was.' : 'This order was refunded already.',
        }),
      onError: (error) => onNotice({ kind: 'error', message: refusalMessage(error, 'Failed to refund the payment. Please try again.') }),
    }),
  );
  return (
    <>
      <h3>Payments by method</h3>
      <DataTable
        label="Payments by method"
        columns={[
          'Method',
          { label: 'Payments', numeric: true },
          { label: 'Taken', numeric: true },
          { label: 'Refunded', numeric: true },
          { label: 'Net', numeric: true },
        ]}
      >
        {money.byMethod.map((row) => (
          <tr key={row.method}>
            <td>{METHOD_NAMES[row.method]}</td>
            <td className="adm-num">{row.payments}</td>
            <td className="adm-num">{total(row.paid)}</td>
            <td className="adm-num">{total(row.refunded)}</td>
            <td className="adm-num">{total(row.net)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Total</th>
          <td className="adm-num">{money.payments}</td>
          <td className="adm-num">{total(money.total.paid)}</td>
          <td className="adm-num">{total(money.total.refunded)}</td>
          <td className="adm-num">{total(money.total.net)}</td>
        </tr>
      </DataTable>
      <p>
        <a className="btn btn-secondary" href={membershipPaymentsCsvUrl(figures.year)} download>
          Download CSV
        </a>
      </p>
      <h3>Payments this year</h3>
      {money.orders.length === 0 ? (
        <p className="adm-muted">No payments for this year yet.</p>
      ) : (
        <DataTable label="Membership payments" columns={['Member', 'Category', 'Method', { label: 'Amount', numeric: true }, 'Status', 'Actions']}>
          {money.orders.map((order) => (
            <tr key={order.id}>
              <td>{order.memberName}</td>
              <td>{order.category}</td>
              <td>{METHOD_NAMES[order.method]}</td>
              <td className="adm-num">{total(order.amount)}</td>
              <td>{order.status === 'refunded' ? 'Refunded' : 'Paid'}</td>
              <td>
                {order.status === 'paid' && (
                  <Button variant="secondary" disabled={refund.busy} onClick={() => refund.ask(order)}>
                    Refund<span className="visually-hidden"> {order.memberName}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog {...refund.dialog} title="Refund this payment?" confirmLabel="Refund" cancelLabel="Keep It">
        {refund.target && (
          <p>
            {total(refund.target.amount)} paid by {refund.target.memberName} ({METHOD_NAMES[refund.target.method].toLowerCase()}) will be{' '}
            {refund.target.method === 'card' ? 'refunded to the card' : 'recorded as handed back by hand'}. The member’s renewal date stays as it is: change it
            on the member list if it should go back.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
