import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { hasPermission } from '@core/admins/permissions';
import { SECRET_MAIL_KINDS } from '@core/mail/secret-mail-kinds';
import { OutboxStatusSchema, type OutboxStatus } from '@core/mail/mail';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api';
import {
  outboxHtmlUrl,
  outboxMessageQueryOptions,
  outboxQueryOptions,
  useOutbox,
  useOutboxMessage,
  useResendOutboxMessage,
  type OutboxMessageDetail,
  type OutboxRow,
} from '../api/mail';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import './mail.css';

export const MAIL_MESSAGES = {
  listFailed: 'Failed to load the e-mails',
  messageFailed: 'Failed to load the e-mail',
  notFound: 'Message not found',
  resendFailed: 'Failed to resend the e-mail. Please try again.',
};

const STATUS_LABEL: Record<OutboxStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };
const STATUS_TONE: Record<OutboxStatus, BadgeTone> = { queued: 'amber', sent: 'green', failed: 'red' };

/** 'booking-confirmation' → 'Booking confirmation'. */
export function kindLabel(kind: string): string {
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : kind;
}

function readStatus(value: string | null): OutboxStatus | undefined {
  const parsed = OutboxStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The e-mail outbox (docs/mail.md): every message to a member, newest first, with what happened
 * to it; one message as it would be sent; and Resend for admins with bookings:write. The address
 * carries the filters (?status=, ?recordId= a booking id) and the open message (?message=).
 */
export function MailPage() {
  const [params] = useSearchParams();
  const messageId = params.get('message');
  const status = readStatus(params.get('status'));
  const recordId = params.get('recordId') || undefined;
  if (messageId) return <MessageDetail id={messageId} status={status} recordId={recordId} />;
  return <MessageList status={status} recordId={recordId} />;
}

/** The list's address with these filters (and a message open, when given). */
function mailHref(filter: { status?: OutboxStatus; recordId?: string }, message?: string): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.recordId) query.set('recordId', filter.recordId);
  if (message) query.set('message', message);
  const search = query.toString();
  return `/admin/mail${search ? `?${search}` : ''}`;
}

function StatusCell({ message }: { message: Pick<OutboxRow, 'status' | 'lastError' | 'attempts'> }) {
  const retrying = message.status === 'queued' && message.attempts > 0;
  return (
    <>
      <Badge tone={STATUS_TONE[message.status]}>{retrying ? 'Queued (retrying)' : STATUS_LABEL[message.status]}</Badge>
      {message.lastError !== null && message.status !== 'sent' && <span className="adm-mail-answer">Mail server: {message.lastError}</span>}
    </>
  );
}

function MessageList({ status, recordId }: { status?: OutboxStatus; recordId?: string }) {
  const [, setParams] = useSearchParams();
  const list = useOutbox({ status, recordId });
  const tryAgain = useTryAgain(outboxQueryOptions({ status, recordId }).queryKey);

  if (list.isError && list.error.status === 403) return <LoadError error={list.error} message={MAIL_MESSAGES.listFailed} />;

  function chooseStatus(value: string) {
    const next = new URLSearchParams();
    const chosen = readStatus(value);
    if (chosen) next.set('status', chosen);
    if (recordId) next.set('recordId', recordId);
    setParams(next);
  }

  return (
    <>
      <PageTitle documentTitle="Mail">Mail</PageTitle>
      <p className="adm-muted">
        Every e-mail to a member is kept here: queued until the mail server takes it (or, with mail turned off, kept to read), sent, or failed after a day of
        refusals with the mail server&apos;s answer.
      </p>
      <div className="adm-mail-filters">
        <Field id="adm-mail-status" label="Status">
          <select className="input" value={status ?? ''} onChange={(event) => chooseStatus(event.target.value)}>
            <option value="">All</option>
            <option value="queued">Queued</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
          </select>
        </Field>
        {recordId && (
          <p>
            Only the e-mails about <code>{recordId}</code>. <Link to={mailHref({ status })}>Show all e-mails</Link>
          </p>
        )}
      </div>

      {list.isPending && <Loading label="Loading e-mails…" />}
      {list.isError && <LoadError error={list.error} message={MAIL_MESSAGES.listFailed} onRetry={tryAgain} />}
      {list.isSuccess &&
        (list.data.messages.length === 0 ? (
          <p className="adm-muted">{status || recordId ? 'No e-mails match.' : 'No e-mails yet.'}</p>
        ) : (
          <>
            {/* The subject opens the message and comes first, so a phone shows it without scrolling sideways. */}
            <DataTable label="E-mails" columns={['Subject', 'To', 'When', 'Status', 'Kind']}>
              {list.data.messages.map((message) => (
                <tr key={message.id}>
                  <th scope="row">
                    <Link to={mailHref({ status, recordId }, message.id)}>{message.subject}</Link>
                  </th>
                  <td>{message.to}</td>
                  <td>{formatDate(message.createdAt, 'admin')}</td>
                  <td>
                    <StatusCell message={message} />
                  </td>
                  <td>{kindLabel(message.kind)}</td>
                </tr>
              ))}
            </DataTable>
            {list.data.more && <p className="adm-muted">Showing the newest {list.data.messages.length} e-mails.</p>}
          </>
        ))}
    </>
  );
}

function MessageDetail({ id, status, recordId }: { id: string; status?: OutboxStatus; recordId?: string }) {
  const admin = useSignedInAdmin();
  const query = useOutboxMessage(id);
  const tryAgain = useTryAgain(outboxMessageQueryOptions(id).queryKey);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const resending = useResendOutboxMessage({
    onSuccess: (queued) => setNotice({ kind: 'success', message: `The e-mail to ${queued.to} is queued to be sent again.` }),
    onError: (error) => {
      // The server's words for a refusal the admin can act on (already queued, gone, no permission).
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
      setNotice({ kind: 'error', message: refused ? error.message : MAIL_MESSAGES.resendFailed });
    },
    onSettled: () => setConfirming(false),
  });
  const busy = resending.isPending;
  const canResend = hasPermission(admin, 'bookings:write');
  const back = (
    <p className="adm-breadcrumb">
      <Link to={mailHref({ status, recordId })}>← Back to the e-mails</Link>
    </p>
  );

  if (query.isError && query.error.status === 403) return <LoadError error={query.error} message={MAIL_MESSAGES.messageFailed} />;

  function resend() {
    if (busy) return;
    setNotice(null);
    resending.mutate(id);
  }

  if (!query.isSuccess) {
    return (
      <>
        {back}
        <PageTitle documentTitle="E-mail">E-mail</PageTitle>
        {query.isPending && <Loading label="Loading the e-mail…" />}
        {query.isError &&
          (query.error.status === 404 ? (
            <Alert tone="error">{MAIL_MESSAGES.notFound}</Alert>
          ) : (
            <LoadError error={query.error} message={MAIL_MESSAGES.messageFailed} onRetry={tryAgain} />
          ))}
      </>
    );
  }

  const message = query.data;
  return (
    <>
      {back}
      <div className="adm-page-head">
        <PageTitle documentTitle={`E-mail: ${message.subject}`}>{message.subject}</PageTitle>
        {/* A reset link is never sent again: the admin asks for a new one (the server refuses too). */}
        {canResend && message.status !== 'queued' && !SECRET_MAIL_KINDS.includes(message.kind) && (
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
            Resend
          </Button>
        )}
      </div>
      <NoticeArea notice={notice} />
      <MessageFacts message={message} />

      <h2>Text</h2>
      <pre className="adm-mail-text">{message.text}</pre>
      <h2>HTML</h2>
      {/*
        The server answers the HTML under its own policy (its inline styles only, nothing runs or
        is fetched); the empty sandbox adds no scripts, forms or navigation, and an opaque origin.
      */}
      <iframe className="adm-mail-html" title={`HTML version of "${message.subject}"`} sandbox="" src={outboxHtmlUrl(message.id)} />

      <ConfirmDialog
        open={confirming}
        title="Send this e-mail again?"
        confirmLabel="Resend"
        busy={busy}
        onConfirm={resend}
        onCancel={() => setConfirming(false)}
      >
        <p>
          &ldquo;{message.subject}&rdquo; to {message.to} is queued now and sent on the next round, with a fresh day of tries.
        </p>
      </ConfirmDialog>
    </>
  );
}

function MessageFacts({ message }: { message: OutboxMessageDetail }) {
  return (
    <dl className="adm-mail-facts">
      <dt>To</dt>
      <dd>{message.to}</dd>
      <dt>Kind</dt>
      <dd>{kindLabel(message.kind)}</dd>
      <dt>Status</dt>
      <dd>
        <StatusCell message={message} />
        {message.status === 'queued' && message.nextAttemptAt && (
          <span className="adm-mail-answer">Next try: {formatDate(message.nextAttemptAt, 'admin')}</span>
        )}
      </dd>
      <dt>Written</dt>
      <dd>{formatDate(message.createdAt, 'admin')}</dd>
      {message.sentAt && (
        <>
          <dt>Sent</dt>
          <dd>{formatDate(message.sentAt, 'admin')}</dd>
        </>
      )}
      {message.status === 'sent' && message.lastError !== null && (
        <>
          <dt>Last refusal</dt>
          <dd>{message.lastError}</dd>
        </>
      )}
      {message.recordId && (
        <>
          <dt>About</dt>
          <dd>
            <code>{message.recordId}</code> (<Link to={mailHref({ recordId: message.recordId })}>all its e-mails</Link>)
          </dd>
        </>
      )}
      <dt>Files</dt>
      <dd>
        {message.attachments.length === 0 ? (
          'None'
        ) : (
          <ul className="adm-perm-list">
            {message.attachments.map((file) => (
              <li key={file.filename}>
                {file.filename} <span className="adm-muted">({Math.max(1, Math.round(file.size / 1024))} kB)</span>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}
