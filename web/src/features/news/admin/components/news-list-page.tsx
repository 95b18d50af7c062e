import { formatDate } from '@core/shared/date-text';
import { NEWS_FROM_MAILERLITE } from '@core/news/news-items';
import { newsItemPath } from '@core/shared/paths';
import type { AdminNewsItem } from '@core/news/news-schema';
import { refusalMessage } from '../../../../lib/api';
import { Alert } from '../../../../components/ui/alert';
import { DeleteButton } from '../../../../admin/shared/components/delete-button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { newsQueryOptions, useDeleteNewsItem, useNews } from '../api/news';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { ActionLink } from '../../../../admin/shared/components/action-link';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';

export const NEWS_DELETE_FAILED = 'Failed to delete the news item. Please try again.';

const editPath = (id: string) => `/admin/news/edit/${encodeURIComponent(id)}`;
const TONES: Record<AdminNewsItem['label'], BadgeTone> = { Draft: 'grey', Scheduled: 'amber', Published: 'green' };

/** The news screen (content:write): every item written in the app, or, with MailerLite as the source, a note saying so. */
export function NewsListPage() {
  const news = useNews();
  const tryAgain = useTryAgain(newsQueryOptions().queryKey);
  const [notice, setNotice] = useFlashNotice();

  const deletion = useConfirm(
    useDeleteNewsItem({
      onSuccess: (_, gone) => setNotice({ kind: 'success', message: `News item "${gone.subject}" deleted.` }),
      onError: (error) => setNotice({ kind: 'error', message: refusalMessage(error, NEWS_DELETE_FAILED, [403, 404, 409]) }),
    }),
  );

  if (news.isError && news.error.status === 403) return <LoadError error={news.error} message="" />;
  const writable = news.isSuccess && news.data.source === 'database';

  return (
    <>
      <PageHead title="News" create={writable && { to: '/admin/news/create', label: 'Write News' }} />

      <NoticeArea notice={notice} />

      <LoadStatus query={news} onRetry={tryAgain} loading="Loading news…" failed="Failed to load news" />
      {news.isSuccess && news.data.source === 'mailerlite' && (
        <Alert tone="info">
          <p>{NEWS_FROM_MAILERLITE}</p>
        </Alert>
      )}
      {writable &&
        (news.data.items.length === 0 ? (
          <p className="adm-muted">No news items yet. Members see the club's e-mails and the items written here on the News page.</p>
        ) : (
          <DataTable label="News items" columns={['Subject', 'Publish time', 'Status', 'Actions']}>
            {news.data.items.map((item) => (
              <tr key={item.id} data-news-id={item.id}>
                <th scope="row">
                  <span className="adm-cell-title">{item.subject}</span>
                </th>
                <td>{formatDate(item.publishAt, 'admin')}</td>
                <td>
                  <Badge tone={TONES[item.label]}>{item.label}</Badge>
                </td>
                <td>
                  <span className="adm-actions">
                    <ActionLink to={editPath(item.id)} label={`Edit ${item.subject}`}>
                      Edit
                    </ActionLink>
                    {item.label === 'Published' && (
                      <ActionLink to={newsItemPath(item.id)} label={`View ${item.subject} on the site`} always>
                        View
                      </ActionLink>
                    )}
                    <DeleteButton name={item.subject} onClick={() => deletion.ask(item)} />
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        ))}

      <ConfirmDialog {...deletion.dialog} title="Delete news item?" confirmLabel="Delete">
        <p>
          Are you sure you want to delete <strong>{deletion.target?.subject}</strong>? Members will no longer see it. To take it down for a while, edit it and
          choose Draft instead.
        </p>
      </ConfirmDialog>
    </>
  );
}
