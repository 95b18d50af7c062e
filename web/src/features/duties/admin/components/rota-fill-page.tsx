import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { RotaFillPreview, RotaFillPublishResult } from '@core/duties/rota-fill-schema';
import { calendarDateText, londonDate, londonDayText, londonTime } from '@core/shared/london-time';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { useDutyWrite } from '../api/duties';
import { previewRotaFill, publishRotaFill } from '../api/rota-fill';

type Proposed = RotaFillPreview['assignments'][number];
type Fairness = RotaFillPreview['fairness']['proposal'];

const duties = (n: number) => `${n} ${n === 1 ? 'duty' : 'duties'}`;
const keyOf = (a: { slotId: string; memberId: string }) => `${a.slotId}|${a.memberId}`;

/** The fairness figures in the order the fill weighs them (docs/duties.md, "What fair means"). */
const FIGURES: [keyof Fairness, string][] = [
  ['filled', 'Places filled'],
  ['maxOver', 'Largest excess over a quota'],
  ['totalOver', 'Total excess over quotas'],
  ['unitsUnder', 'Members or households still under quota'],
  ['wishesKept', 'Wishes kept'],
  ['wishesBroken', 'Wishes broken'],
  ['crowding', 'Crowding (duties beyond one in 7 days)'],
];

/** Why this person, in plain words (core's rotaReasons as the preview gives them). */
export function reasonsText(a: Proposed): string {
  const whose = a.household ? 'their household’s' : 'their';
  const reasons = [`${whose} duty ${a.count} of ${a.expected} expected`];
  if (a.prefers) reasons.push('they asked for this duty');
  if (a.avoids) reasons.push('they would rather not do this duty');
  if (a.secondThatDay) reasons.push('their second duty that day');
  const text = reasons.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The slots by London date of their start, dates in order. */
function byDate<T extends { start: string }>(rows: T[]): [string, T[]][] {
  const dates = new Map<string, T[]>();
  for (const row of [...rows].sort((a, b) => a.start.localeCompare(b.start))) {
    const date = londonDate(new Date(row.start));
    dates.set(date, [...(dates.get(date) ?? []), row]);
  }
  return [...dates];
}

/**
 * Fill the rota (/admin/duties/fill, duties:write): the solver's proposal for a season's open
 * places, which the admin trims and publishes (docs/duties.md, "Filling the rota").
 */
export function RotaFillPage() {
  const [season, setSeason] = useState(() => londonDate(new Date()));
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());
  const preview = useMutation({ mutationFn: previewRotaFill, onSuccess: () => setDropped(new Set()) });
  const publish = useDutyWrite(publishRotaFill);

  const propose = (e?: FormEvent) => {
    e?.preventDefault();
    publish.reset();
    preview.mutate(season);
  };
  const data = preview.data;
  const kept = data?.assignments.filter((a) => !dropped.has(keyOf(a))) ?? [];
  const toggle = (a: Proposed, keep: boolean) =>
    setDropped((before) => {
      const next = new Set(before);
      if (keep) next.delete(keyOf(a));
      else next.add(keyOf(a));
      return next;
    });

  if (preview.error instanceof ApiError && preview.error.status === 403) return <LoadError error={preview.error} message="" />;
  return (
    <>
      <PageHead title="Fill the rota" />
      <p className="adm-muted">
        Propose who does which open duty in a season, fairly by each member’s quota and wishes. Nothing is written until you publish; untick any proposal you do
        not want.
      </p>
      <form className="adm-filters" onSubmit={propose}>
        <Field id="fill-season" label="A date in the season">
          <input id="fill-season" className="input" type="date" name="season" value={season} onChange={(e) => setSeason(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Proposing…' : 'Propose a fill'}
        </Button>
      </form>
      {preview.isPending && <Loading label="Working out a fair fill… this can take a little while." />}
      {preview.isError && (
        <Alert tone="error">
          <p>{refusalMessage(preview.error, 'Failed to propose a fill')}</p>
          <Button variant="secondary" onClick={() => propose()}>
            Try Again
          </Button>
        </Alert>
      )}
      {data && !preview.isPending && (
        <Proposal
          data={data}
          kept={kept}
          keeps={(a) => !dropped.has(keyOf(a))}
          toggle={toggle}
          publishing={publish.isPending}
          onPublish={() => publish.mutate({ season: data.season.start, assignments: kept.map(({ slotId, memberId }) => ({ slotId, memberId })) })}
        />
      )}
      {publish.isError && <Alert tone="error">{refusalMessage(publish.error, 'The rota could not be published. Please try again.')}</Alert>}
      {publish.data && data && <Published result={publish.data} proposal={data} />}
    </>
  );
}

function Proposal({
  data,
  kept,
  keeps,
  toggle,
  publishing,
  onPublish,
}: {
  data: RotaFillPreview;
  kept: Proposed[];
  keeps: (a: Proposed) => boolean;
  toggle: (a: Proposed, keep: boolean) => void;
  publishing: boolean;
  onPublish: () => void;
}) {
  const { proposal, greedy } = data.fairness;
  return (
    <>
      <section className="adm-panel" aria-labelledby="fill-proposal-title">
        <h2 id="fill-proposal-title">
          Proposal for the season {calendarDateText(data.season.start)} to {calendarDateText(data.season.end)}
        </h2>
        {data.assignments.length === 0 && <p>No open place can be filled.</p>}
        {byDate(data.assignments).map(([date, rows]) => (
          <section key={date} aria-labelledby={`fill-${date}`}>
            <h3 id={`fill-${date}`}>{londonDayText(new Date(rows[0]!.start))}</h3>
            <DataTable label={`Proposed duties on ${calendarDateText(date)}`} columns={['Duty', 'Event', 'Member', 'Why', 'Keep']}>
              {rows.map((a) => {
                const name = `${a.memberName} as ${a.dutyTypeName} at ${a.eventName}`;
                return (
                  <tr key={keyOf(a)}>
                    <th scope="row">
                      {a.dutyTypeName} ({londonTime(new Date(a.start))}–{londonTime(new Date(a.end))})
                    </th>
                    <td>{a.eventName}</td>
                    <td>{a.memberName}</td>
                    <td>{reasonsText(a)}</td>
                    <td>
                      <input type="checkbox" aria-label={`Keep ${name}`} checked={keeps(a)} onChange={(e) => toggle(a, e.target.checked)} />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          </section>
        ))}
        <p>
          {kept.length} of {data.assignments.length} proposed duties kept.
        </p>
        <Button disabled={kept.length === 0 || publishing} onClick={onPublish}>
          {publishing ? 'Publishing…' : `Publish ${duties(kept.length)}`}
        </Button>
      </section>
      <section className="adm-panel" aria-labelledby="fill-fairness-title">
        <h2 id="fill-fairness-title">How fair</h2>
        <p className="adm-muted">The proposal beside the simple pass (slot by slot, whoever is furthest under quota), most important first.</p>
        <DataTable
          label="Fairness of the proposal and of the simple pass"
          columns={['Figure', { label: 'Proposal', numeric: true }, { label: 'Simple pass', numeric: true }]}
        >
          {FIGURES.map(([key, label]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td className="adm-num">{proposal[key]}</td>
              <td className="adm-num">{greedy[key]}</td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="adm-panel" aria-labelledby="fill-open-title">
        <h2 id="fill-open-title">Places left open</h2>
        {data.open.length === 0 ? (
          <p>None: every place is filled.</p>
        ) : (
          <DataTable label="Open places by duty" columns={['Duty', 'Event', 'Date', { label: 'Places', numeric: true }]}>
            {data.open.map((slot) => (
              <tr key={slot.slotId}>
                <th scope="row">{slot.dutyTypeName}</th>
                <td>{slot.eventName}</td>
                <td>{londonDayText(new Date(slot.start))}</td>
                <td className="adm-num">{slot.open}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}

/** What the publish wrote and what it skipped, by name. */
function Published({ result, proposal }: { result: RotaFillPublishResult; proposal: RotaFillPreview }) {
  const named = new Map(proposal.assignments.map((a) => [keyOf(a), `${a.memberName} as ${a.dutyTypeName} at ${a.eventName}`]));
  return (
    <Alert
      tone={result.skipped.length > 0 ? 'warning' : 'success'}
      title={`Published: ${duties(result.written.length)} written, ${result.mailed} ${result.mailed === 1 ? 'member' : 'members'} e-mailed.`}
    >
      {result.skipped.length > 0 && (
        <>
          <p>Skipped:</p>
          <ul>
            {result.skipped.map((s) => (
              <li key={keyOf(s)}>
                {named.get(keyOf(s)) ?? keyOf(s)}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
