import { useState } from 'react';
import { DEFAULT_PERMISSIONS, PERMISSIONS, type Admin, type Permission } from '@core/admins/admin';
import { hasPermission } from '@core/admins/permissions';
import { CreateAdminRequestSchema } from '@core/admin-accounts/create-admin';
import { Checkbox } from '../../../../components/ui/checkbox';
import { InputField } from '../../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { schemaResolver } from '../../../../lib/form-rules';
import type { NewAdmin } from '../api/admins';
import { adminsQueryOptions, useAdmins } from '../exports/admins-query';
import { useCreateAdmin, useUpdateAdmin, type AdminChanges } from '../api/admins';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useAdminSession, useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { Badge } from '../../../../admin/shared/components/badge';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PanelForm } from '../../../../admin/shared/components/panel-form';

const PERMISSION_LABELS: Record<Permission, string> = {
  'events:read': 'View events',
  'events:write': 'Create, edit and delete events',
  'bookings:read': 'View bookings',
  'admins:manage': 'Manage admins',
  'bookings:write': 'Cancel, refund, mark paid and correct bookings',
  'audit:read': 'Read the audit log',
  'workdays:write': 'Create and edit work days and their jobs',
  'content:write': 'Manage documents, news, photos and water levels',
  'members:write': "See and change the club's member list",
  'duties:write': 'Keep duty types, qualifications and templates; staff events’ duty rosters',
  'privacy:manage': 'See what personal data the app holds and when it goes; answer data requests: download or erase everything held about a person',
};

/** The admin accounts ("Admins", at /admin/admins; it was the "Members" screen at /admin/members until the member list took that place). */
export function AdminsPage() {
  const me = useSignedInAdmin();
  const { signedIn } = useAdminSession();
  const admins = useAdmins();
  const tryAgain = useTryAgain(adminsQueryOptions().queryKey);
  const [notice, setNotice] = useState<Notice>(null);
  const canManage = hasPermission(me, 'admins:manage');

  function replace(admin: Admin) {
    // The signed-in admin's own record (e.g. a new name) shows in the panel straight away.
    if (admin.uid === me.uid) signedIn({ uid: admin.uid, email: admin.email, name: admin.name, role: admin.role, permissions: admin.permissions });
  }

  if (admins.isError && admins.error.status === 403) return <LoadError error={admins.error} message="Failed to load admins" />;

  return (
    <>
      <PageTitle documentTitle="Admins">Admins</PageTitle>
      <p className="adm-muted">
        The accounts that can sign in to this admin panel.
        {!canManage && ' You can see them; changing them needs the admins:manage permission.'}
        {canManage && ' You can give only permissions you hold yourself, and cannot change your own.'}
      </p>
      <NoticeArea notice={notice} />

      <LoadStatus query={admins} onRetry={tryAgain} loading="Loading admins…" failed="Failed to load admins" />
      {admins.isSuccess && (
        <DataTable label="Admin accounts" columns={['Name', 'Email', 'Role', 'Permissions', 'Status', canManage && 'Actions']}>
          {admins.data.map((admin) => (
            <AdminRow
              key={admin.uid}
              admin={admin}
              isMe={admin.uid === me.uid}
              mine={me.permissions}
              canManage={canManage}
              onChanged={replace}
              onNotice={setNotice}
            />
          ))}
        </DataTable>
      )}

      {canManage && admins.isSuccess && (
        <AddAdminForm
          mine={me.permissions}
          onSubmitting={() => setNotice(null)}
          onCreated={(admin) => {
            setNotice({ kind: 'success', message: `Admin ${admin.email} added.` });
          }}
        />
      )}
    </>
  );
}

function AdminRow({
  admin,
  isMe,
  mine,
  canManage,
  onChanged,
  onNotice,
}: {
  admin: Admin;
  isMe: boolean;
  mine: readonly Permission[];
  canManage: boolean;
  onChanged: (admin: Admin) => void;
  onNotice: (notice: Notice) => void;
}) {
  const [permissions, setPermissions] = useState<Permission[]>(admin.permissions);
  const update = useUpdateAdmin();
  const busy = update.isPending;
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const changed = PERMISSIONS.some((p) => permissions.includes(p) !== admin.permissions.includes(p));

  function save(changes: AdminChanges, success: string) {
    onNotice(null);
    update.mutate(
      { uid: admin.uid, changes },
      {
        onSuccess: (updated) => {
          onChanged(updated);
          setPermissions(updated.permissions);
          onNotice({ kind: 'success', message: success });
        },
        onError: (error) => onNotice({ kind: 'error', message: refusalMessage(error, 'Failed to update the admin. Please try again.') }),
        onSettled: () => setConfirmingDisable(false),
      },
    );
  }

  const toggleDisabled = () => save({ disabled: !admin.disabled }, `${admin.email} ${admin.disabled ? 'enabled' : 'disabled'}.`);

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
            <legend className="visually-hidden">Permissions of {admin.name}</legend>
            {PERMISSIONS.map((p) => {
              const id = `adm-perm-${admin.uid}-${p}`;
              // As the server rules (core/admins/admin-changes.ts): nobody changes their own
              // permissions, and only a permission one holds can be given.
              const locked = isMe || (!mine.includes(p) && !admin.permissions.includes(p));
              return (
                <Checkbox
                  key={p}
                  id={id}
                  compact
                  label={p}
                  title={PERMISSION_LABELS[p]}
                  checked={permissions.includes(p)}
                  disabled={locked}
                  onChange={(checked) => setPermissions((current) => (checked ? [...current, p] : current.filter((x) => x !== p)))}
                />
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
            <Button
              size="small"

              disabled={busy || !changed}
              onClick={() => save({ permissions: PERMISSIONS.filter((p) => permissions.includes(p)) }, `Permissions of ${admin.email} saved.`)}
              aria-label={`Save permissions of ${admin.name}`}
            >
              Save
            </Button>
            {!isMe && (
              <Button
                variant={admin.disabled ? 'secondary' : 'danger'}
                size="small"
                disabled={busy}
                // Disabling locks someone out at once, so it is asked about first; enabling is not.
                onClick={() => (admin.disabled ? toggleDisabled() : setConfirmingDisable(true))}
                aria-label={`${admin.disabled ? 'Enable' : 'Disable'} ${admin.name}`}
              >
                {admin.disabled ? 'Enable' : 'Disable'}
              </Button>
            )}
          </span>
          <ConfirmDialog
            open={confirmingDisable}
            title="Disable admin?"
            confirmLabel="Disable"
            busy={busy}
            onConfirm={toggleDisabled}
            onCancel={() => setConfirmingDisable(false)}
          >
            <p>
              Are you sure you want to disable <strong>{admin.name}</strong> ({admin.email})? They will no longer be able to sign in, and any session they have
              open ends. You can enable the account again later.
            </p>
          </ConfirmDialog>
        </td>
      )}
    </tr>
  );
}

type NewAdminField = 'name' | 'email' | 'password';
const NEW_ADMIN_FIELDS: readonly NewAdminField[] = ['name', 'email', 'password'];

/** The server's field messages that this form shows beside a field. */
function pick(fields: Partial<Record<string, string>> | undefined): Partial<Record<NewAdminField, string>> {
  return Object.fromEntries(NEW_ADMIN_FIELDS.filter((name) => typeof fields?.[name] === 'string').map((name) => [name, fields?.[name]]));
}
/** A new admin starts with the default permissions, of those the admin adding them may give. */
const freshAdmin = (mine: readonly Permission[]): NewAdmin => ({
  name: '',
  email: '',
  password: '',
  permissions: DEFAULT_PERMISSIONS.filter((p) => mine.includes(p)),
});

function AddAdminForm({ mine, onCreated, onSubmitting }: { mine: readonly Permission[]; onCreated: (admin: Admin) => void; onSubmitting: () => void }) {
  const form = useAdminPanelForm<NewAdmin, NewAdminField>({
    initial: () => freshAdmin(mine),
    // The server's own request schema, so the form says what the server would.
    resolver: schemaResolver(CreateAdminRequestSchema),
    order: NEW_ADMIN_FIELDS,
    idOf: (name) => `adm-new-${name}`,
  });
  const { values, errorFor } = form;
  const create = useCreateAdmin();

  const send = (admin: NewAdmin) =>
    create.mutateAsync({ ...admin, email: admin.email.trim(), name: admin.name.trim() }).then(
      (created) => {
        onCreated(created);
        form.reset(freshAdmin(mine));
      },
      (error: unknown) => {
        // Each problem is said once: beside its field when it has one (the e-mail already taken is
        // the e-mail's problem), otherwise for the form as a whole.
        const fields =
          error instanceof ApiError && error.status === 400
            ? pick(error.fields)
            : error instanceof ApiError && error.status === 409
              ? { email: error.message }
              : {};
        form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, 'Failed to add the admin. Please try again.'));
      },
    );

  const togglePermission = (p: Permission, checked: boolean) =>
    form.set('permissions', checked ? [...values.permissions, p] : values.permissions.filter((x) => x !== p));

  return (
    // onStart: a new attempt; an earlier "Admin … added." must not stand beside this one's errors.
    <PanelForm id="adm-add-admin" title="Add an Admin" legend="New admin" form={form} send={send} onStart={onSubmitting} submit={['Add Admin', 'Adding…']}>
      <div className="adm-grid-3">
        <InputField id="adm-new-name" label="Name" error={errorFor('name')} type="text" autoComplete="off" {...form.bind('name')} />
        <InputField id="adm-new-email" label="Email" error={errorFor('email')} type="email" autoComplete="off" {...form.bind('email')} />
        <InputField
          id="adm-new-password"
          label="Initial password"
          error={errorFor('password')}
          type="password"
          autoComplete="new-password"
          {...form.bind('password')}
        />
      </div>
      <fieldset className="adm-fieldset adm-fieldset-inner">
        <legend>Permissions</legend>
        {PERMISSIONS.map((p) => (
          <Checkbox
            key={p}
            id={`adm-new-perm-${p}`}
            label={
              <>
                {p} <span className="adm-muted">({PERMISSION_LABELS[p]})</span>
              </>
            }
            checked={values.permissions.includes(p)}
            disabled={!mine.includes(p)}
            onChange={(checked) => togglePermission(p, checked)}
          />
        ))}
      </fieldset>
    </PanelForm>
  );
}
