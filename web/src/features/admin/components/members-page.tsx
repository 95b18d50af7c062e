import { useState, type FormEvent } from 'react';
import { DEFAULT_PERMISSIONS, PERMISSIONS, type Admin, type Permission } from '@core/entities/admin';
import { hasPermission } from '@core/domain/permissions';
import { ApiError } from '../../../lib/api';
import { createAdmin, listAdmins, updateAdmin } from '../api/admins';
import { useAdminSession, useSignedInAdmin } from './admin-session';
import { Badge } from './badge';
import { LoadError, Loading } from './load-error';
import { PageTitle } from './page-title';
import { useAdminData } from '../../../lib/query';

const PERMISSION_LABELS: Record<Permission, string> = {
  'events:read': 'View events',
  'events:write': 'Create, edit and delete events',
  'bookings:read': 'View bookings',
  'admins:manage': 'Manage admins',
};

type Notice = { kind: 'success' | 'error'; message: string } | null;

function failureMessage(error: unknown, fallback: string): string {
  // The server's words are clear for refusals (duplicate e-mail, own account, bad input).
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

export function MembersPage() {
  const me = useSignedInAdmin();
  const { signedIn } = useAdminSession();
  const { state, reload, setData } = useAdminData(['admins'], listAdmins);
  const [notice, setNotice] = useState<Notice>(null);
  const canManage = hasPermission(me, 'admins:manage');

  function replace(admin: Admin) {
    setData((admins) => admins.map((a) => (a.uid === admin.uid ? admin : a)));
    // Changing one's own permissions changes what the panel offers straight away.
    if (admin.uid === me.uid) signedIn({ uid: admin.uid, email: admin.email, name: admin.name, role: admin.role, permissions: admin.permissions });
  }

  if (state.status === 'error' && state.error.status === 403) return <LoadError error={state.error} message="Failed to load admins" />;

  return (
    <>
      <PageTitle documentTitle="Members">Members</PageTitle>
      <p className="adm-muted">
        The accounts that can sign in to this admin panel.
        {!canManage && ' You can see them; changing them needs the admins:manage permission.'}
      </p>
      <div aria-live="polite" aria-atomic="true">
        {notice && (
          <p className={`adm-alert ${notice.kind === 'success' ? 'adm-alert-success' : 'adm-alert-error'}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.message}
          </p>
        )}
      </div>

      {state.status === 'loading' && <Loading label="Loading admins…" />}
      {state.status === 'error' && <LoadError error={state.error} message="Failed to load admins" onRetry={reload} />}
      {state.status === 'ok' && (
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-label="Admin accounts">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Permissions</th>
                <th scope="col">Status</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {state.data.map((admin) => (
                <AdminRow key={admin.uid} admin={admin} isMe={admin.uid === me.uid} canManage={canManage} onChanged={replace} onNotice={setNotice} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {canManage && state.status === 'ok' && (
        <AddAdminForm
          onCreated={(admin) => {
            setData((admins) => [...admins, admin].sort((a, b) => a.email.localeCompare(b.email)));
            setNotice({ kind: 'success', message: `Admin ${admin.email} added.` });
          }}
        />
      )}
    </>
  );
}

function AdminRow({ admin, isMe, canManage, onChanged, onNotice }: { admin: Admin; isMe: boolean; canManage: boolean; onChanged: (admin: Admin) => void; onNotice: (notice: Notice) => void }) {
  const [permissions, setPermissions] = useState<Permission[]>(admin.permissions);
  const [busy, setBusy] = useState(false);
  const changed = PERMISSIONS.some((p) => permissions.includes(p) !== admin.permissions.includes(p));

  async function save(changes: { permissions?: Permission[]; disabled?: boolean }, success: string) {
    setBusy(true);
    onNotice(null);
    try {
      const updated = await updateAdmin(admin.uid, changes);
      onChanged(updated);
      setPermissions(updated.permissions);
      onNotice({ kind: 'success', message: success });
    } catch (error) {
      onNotice({ kind: 'error', message: failureMessage(error, 'Failed to update the admin. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <th scope="row">
        {admin.name}
        {isMe && <span className="adm-cell-sub">(you)</span>}
      </th>
      <td>{admin.email}</td>
      <td>{admin.role}</td>
      <td>
        {canManage ? (
          <fieldset className="adm-perm-set" disabled={busy}>
            <legend className="adm-visually-hidden">Permissions of {admin.name}</legend>
            {PERMISSIONS.map((p) => {
              const id = `adm-perm-${admin.uid}-${p}`;
              // Taking away one's own admins:manage would lock the last manager out; the server refuses it too.
              const locked = isMe && p === 'admins:manage';
              return (
                <div className="adm-check adm-check-compact" key={p}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={permissions.includes(p)}
                    disabled={locked}
                    onChange={(e) => setPermissions((current) => (e.target.checked ? [...current, p] : current.filter((x) => x !== p)))}
                  />
                  <label htmlFor={id} title={PERMISSION_LABELS[p]}>
                    {p}
                  </label>
                </div>
              );
            })}
          </fieldset>
        ) : (
          <ul className="adm-perm-list">
            {admin.permissions.map((p) => (
              <li key={p}>
                <code>{p}</code>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{admin.disabled ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}</td>
      {canManage && (
        <td>
          <span className="adm-actions">
            <button
              type="button"
              className="adm-button adm-button-primary adm-button-small"
              disabled={busy || !changed}
              onClick={() => save({ permissions: PERMISSIONS.filter((p) => permissions.includes(p)) }, `Permissions of ${admin.email} saved.`)}
              aria-label={`Save permissions of ${admin.name}`}
            >
              Save
            </button>
            {!isMe && (
              <button
                type="button"
                className={`adm-button adm-button-small ${admin.disabled ? 'adm-button-secondary' : 'adm-button-danger'}`}
                disabled={busy}
                onClick={() => save({ disabled: !admin.disabled }, `${admin.email} ${admin.disabled ? 'enabled' : 'disabled'}.`)}
                aria-label={`${admin.disabled ? 'Enable' : 'Disable'} ${admin.name}`}
              >
                {admin.disabled ? 'Enable' : 'Disable'}
              </button>
            )}
          </span>
        </td>
      )}
    </tr>
  );
}

function AddAdminForm({ onCreated }: { onCreated: (admin: Admin) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([...DEFAULT_PERMISSIONS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'Email is required';
    if (!name.trim()) missing.name = 'Name is required';
    if (!password) missing.password = 'Password is required';
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const admin = await createAdmin({ email: email.trim(), name: name.trim(), password, permissions });
      onCreated(admin);
      setEmail('');
      setName('');
      setPassword('');
      setPermissions([...DEFAULT_PERMISSIONS]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fields);
      setFailure(failureMessage(error, 'Failed to add the admin. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const field = (id: string, label: string, type: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="adm-field">
      <label htmlFor={`adm-new-${id}`}>{label}</label>
      <input
        id={`adm-new-${id}`}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `adm-new-${id}-error` : undefined}
      />
      {errors[id] && (
        <p id={`adm-new-${id}-error`} className="adm-field-error">
          {errors[id]}
        </p>
      )}
    </div>
  );

  return (
    <section className="adm-panel" aria-labelledby="adm-add-admin-title">
      <h2 id="adm-add-admin-title">Add an Admin</h2>
      {failure && (
        <p className="adm-alert adm-alert-error" role="alert">
          {failure}
        </p>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <fieldset className="adm-fieldset" disabled={busy}>
          <legend className="adm-visually-hidden">New admin</legend>
          <div className="adm-grid-3">
            {field('name', 'Name', 'text', name, setName, 'off')}
            {field('email', 'Email', 'email', email, setEmail, 'off')}
            {field('password', 'Initial password', 'password', password, setPassword, 'new-password')}
          </div>
          <fieldset className="adm-fieldset adm-fieldset-inner">
            <legend>Permissions</legend>
            {PERMISSIONS.map((p) => (
              <div className="adm-check" key={p}>
                <input id={`adm-new-perm-${p}`} type="checkbox" checked={permissions.includes(p)} onChange={(e) => setPermissions((current) => (e.target.checked ? [...current, p] : current.filter((x) => x !== p)))} />
                <label htmlFor={`adm-new-perm-${p}`}>
                  {p} <span className="adm-muted">({PERMISSION_LABELS[p]})</span>
                </label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="adm-button adm-button-primary">
            {busy ? 'Adding…' : 'Add Admin'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
