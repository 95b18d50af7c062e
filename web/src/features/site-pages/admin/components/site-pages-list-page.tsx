import { formatDate } from '@core/shared/date-text';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { ActionLink } from '../../../../admin/shared/components/action-link';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { sitePagesQueryOptions, useSitePages } from '../api/site-pages';

export const sitePageEditPath = (slug: string) => `/admin/pages/edit/${encodeURIComponent(slug)}`;

/** The pages screen (content:write): the club pages whose words admins edit, each with when it was last saved. */
export function SitePagesListPage() {
  const pages = useSitePages();
  const tryAgain = useTryAgain(sitePagesQueryOptions().queryKey);
  const [notice] = useFlashNotice();

  if (pages.isError && pages.error.status === 403) return <LoadError error={pages.error} message="" />;
  return (
    <>
      <PageHead title="Pages" />
      <NoticeArea notice={notice} />
      <p className="adm-muted">The words of these members' pages are written here, in Markdown as news items are. Members see a saved page at once.</p>
      <LoadStatus query={pages} onRetry={tryAgain} loading="Loading pages…" failed="Failed to load the pages" />
      {pages.isSuccess && (
        <DataTable label="Pages" columns={['Page', 'Address', 'Last saved', 'Actions']}>
          {pages.data.pages.map((page) => (
            <tr key={page.slug} data-page-slug={page.slug}>
              <th scope="row">
                <span className="adm-cell-title">{page.title}</span>
              </th>
              <td>{page.path}</td>
              <td>{page.updatedAt === null ? 'Never (the original words)' : `${formatDate(page.updatedAt, 'admin')} by ${page.updatedBy ?? ''}`}</td>
              <td>
                <span className="adm-actions">
                  <ActionLink to={sitePageEditPath(page.slug)} label={`Edit ${page.title}`}>
                    Edit
                  </ActionLink>
                  <ActionLink to={page.path} label={`View ${page.title} on the site`} always>
                    View
                  </ActionLink>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
