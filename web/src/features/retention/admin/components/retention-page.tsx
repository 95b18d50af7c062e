import { retentionDateText, retentionRunText } from '@core/privacy/retention-lines';
import type { RetentionHoldingLine } from '@core/privacy/retention-overview-schema';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { retentionQueryOptions, useRetentionOverview } from '../api/retention';

/**
 * Data retention (/admin/retention, privacy:manage): per kind of personal data, what the app holds,
 * how many records, the oldest, how long it is kept, and what the next nightly run anonymises or
 * deletes. It names no one: only counts and dates.
 */
export function RetentionPage() {
  const overview = useRetentionOverview();
  const tryAgain = useTryAgain(retentionQueryOptions().queryKey);

  if (overview.isError && overview.error.status === 403) return <LoadError error={overview.error} message="" />;
  const data = overview.data;
  return (
    <>
      <PageHead title="Data retention" />
      <LoadStatus query={overview} onRetry={tryAgain} loading="Loading what the app holds…" failed="Failed to load the retention schedule" />
      {data && (
        <>
          <p>
            The retention schedule runs every night. Next run: <strong>{retentionRunText(data.nextRunAt)}</strong>. The members&apos; privacy notice states the
            same schedule (<a href="/privacy">Privacy notice</a>).
          </p>
          <DataTable
            label="Personal data the app holds, per kind"
            columns={['Kind', 'What it holds', { label: 'Records', numeric: true }, 'Oldest', 'Kept for', 'The next run']}
          >
            {data.lines.map((line) => (
              <RetentionRow key={line.kind} line={line} />
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}

function RetentionRow({ line }: { line: RetentionHoldingLine }) {
  return (
    <tr data-kind={line.kind}>
      <th scope="row">{line.title}</th>
      <td>{line.holds}</td>
      <td className="adm-num">{line.count}</td>
      <td>{retentionDateText(line.oldest)}</td>
      <td>{line.limit}</td>
      <td>{nextRunText(line)}</td>
    </tr>
  );
}

function nextRunText(line: RetentionHoldingLine): string {
  if (line.action === 'keep') return 'Keeps them';
  if (line.nextRunRemoves === 0) return 'Nothing due';
  const verb = line.action === 'anonymise' ? 'Anonymises' : 'Deletes';
  return `${verb} ${line.nextRunRemoves} ${line.nextRunRemoves === 1 ? 'record' : 'records'}`;
}
