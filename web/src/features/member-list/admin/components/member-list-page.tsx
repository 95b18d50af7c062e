import { useState } from 'react';
import {
  RENEWAL_DATE_HINT,
  renewalDateText,
  validateMemberForm,
  type MemberFormValues,
  type MemberView,
  type MembershipStatus,
} from '@core/members/member-form';
import { MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE, type MemberImportPlan, unknownMembershipTypesWarning } from '@core/members/member-import';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { ruleResolver } from '../../../../lib/form-rules';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { InputField } from '../../../../components/ui/field';
import { membersQueryOptions, useAddMember, useImportMembers, useMembers, usePreviewMemberImport, useUpdateMember } from '../api/members';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { Badge } from '../../../../admin/shared/components/badge';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { PanelForm } from '../../../../admin/shared/components/panel-form';
import { CsvImportPanel } from '../../../../admin/shared/components/csv-import-panel';
import { MemberHouseholdPanel } from './member-household-panel';

const FORM_FIELDS = ['name', 'email', 'membershipType', 'renewalDate', 'phone', 'emergencyContactName', 'emergencyContactPhone'] as const;
const EMPTY: MemberFormValues = { name: '', email: '', membershipType: '', renewalDate: '', phone: '', emergencyContactName: '', emergencyContactPhone: '' };

const STATUS_BADGE: Record<MembershipStatus, { tone: 'green' | 'amber' | 'red'; label: string }> = {
  current: { tone: 'green', label: 'Current' },
  lapsed: { tone: 'amber', label: 'Lapsed' },
  disabled: { tone: 'red', label: 'Disabled' },
};

/** Admins with members:write keep the club's member list: add, edit, disable or enable a member, import the club's CSV export. */
export function MemberListPage() {
  const members = useMembers();
  const tryAgain = useTryAgain(membersQueryOptions().queryKey);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<MemberView | null>(null);
  const changed = (message: string) => setNotice({ kind: 'success', message });

  if (members.isError && members.error.status === 403) return <LoadError error={members.error} message="Failed to load the member list" />;

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Members">Members</PageTitle>
      </div>
      <p className="adm-muted">
        The club&apos;s member list: only e-mails on it can sign in as members. A membership is current up to and including its renewal date; a disabled member
        is not current and cannot sign in.
      </p>
      <NoticeArea notice={notice} />
      <div className="adm-columns">
        {editing ? (
          <MemberFormPanel
            key={editing.id}
            member={editing}
            onStart={() => setNotice(null)}
            onSaved={(member) => {
              setEditing(null);
              changed(`${member.name} saved.`);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <MemberFormPanel key="new" member={null} onStart={() => setNotice(null)} onSaved={(member) => changed(`${member.name} (${member.email}) added.`)} />
        )}
        <ImportPanel onImported={changed} onStart={() => setNotice(null)} />
      </div>
      {editing && <MemberHouseholdPanel key={`household-${editing.id}`} memberId={editing.id} name={editing.name} />}
      <section className="adm-panel" aria-labelledby="adm-members-list-title">
        <h2 id="adm-members-list-title">Member List</h2>
        <LoadStatus query={members} onRetry={tryAgain} loading="Loading members…" failed="Failed to load the member list" />
        {members.isSuccess &&
          (members.data.members.length === 0 ? (
            <p className="adm-muted">No members yet. Add one, or import the club&apos;s membership export.</p>
          ) : (
            <MembersTable
              members={members.data.members}
              upcomingDuties={members.data.upcomingDuties}
              onEdit={(member) => {
                setNotice(null);
                setEditing(member);
                document.getElementById('adm-member-name')?.scrollIntoView({ block: 'center' });
              }}
              onChanged={changed}
              onFailed={(message) => setNotice({ kind: 'error', message })}
            />
          ))}
      </section>
    </>
  );
}

function MemberFormPanel({
  member,
  onSaved,
  onStart,
  onCancel,
}: {
  member: MemberView | null;
  onSaved: (member: MemberView) => void;
  onStart: () => void;
  onCancel?: () => void;
}) {
  // An edit sends only the fields the admin changed: the server applies them to the member as
  // stored, so a renewal paid while the form was open stays (docs/members.md#changes-made-at-the-same-moment).
  const initial: MemberFormValues = member
    ? {
        name: member.name,
        email: member.email,
        membershipType: member.membershipType,
        renewalDate: renewalDateText(member.renewalDate),
        phone: member.phone ?? '',
        emergencyContactName: member.emergencyContactName ?? '',
        emergencyContactPhone: member.emergencyContactPhone ?? '',
      }
    : EMPTY;
  const form = useAdminPanelForm<MemberFormValues, (typeof FORM_FIELDS)[number]>({
    initial,
    // The server's own rule, so the form says what the server would.
    resolver: ruleResolver((values: MemberFormValues) => validateMemberForm(values)),
    order: FORM_FIELDS,
    idOf: (name) => `adm-member-${name}`,
  });
  const add = useAddMember();
  const update = useUpdateMember();

  const send = (values: MemberFormValues) =>
    (member ? update.mutateAsync({ id: member.id, changes: changedValues(initial, values) }) : add.mutateAsync(values)).then(
      (saved) => {
        if (!member) form.reset(EMPTY);
        onSaved(saved);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) form.refuse(error.fields);
        else form.refuse({}, refusalMessage(error, member ? 'Failed to save the member. Please try again.' : 'Failed to add the member. Please try again.'));
      },
    );

  return (
    <PanelForm
      id={member ? 'adm-member-edit' : 'adm-member-add'}
      title={member ? `Edit ${member.name}` : 'Add a Member'}
      legend={member ? 'Member' : 'New member'}
      form={form}
      send={send}
      onStart={onStart}
      submit={member ? ['Save Member', 'Saving…'] : ['Add Member', 'Adding…']}
      after={
        onCancel && (
          <div className="adm-actions">
            <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
          </div>
        )
      }
    >
      <InputField id="adm-member-name" label="Name" error={form.errorFor('name')} type="text" autoComplete="off" required {...form.bind('name')} />
      <InputField id="adm-member-email" label="Email" error={form.errorFor('email')} type="email" autoComplete="off" required {...form.bind('email')} />
      <InputField
        id="adm-member-membershipType"
        label="Membership type"
        hint="As the club's membership export names it, e.g. Family, Adult or Junior."
        error={form.errorFor('membershipType')}
        type="text"
        autoComplete="off"
        required
        {...form.bind('membershipType')}
      />
      <InputField
        id="adm-member-renewalDate"
        label="Renewal date"
        hint={RENEWAL_DATE_HINT}
        error={form.errorFor('renewalDate')}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        required
        {...form.bind('renewalDate')}
      />
      <InputField id="adm-member-phone" label="Phone (optional)" error={form.errorFor('phone')} type="tel" autoComplete="off" {...form.bind('phone')} />
      <InputField
        id="adm-member-emergencyContactName"
        label="Emergency contact (optional)"
        error={form.errorFor('emergencyContactName')}
        type="text"
        autoComplete="off"
        {...form.bind('emergencyContactName')}
      />
      <InputField
        id="adm-member-emergencyContactPhone"
        label="Emergency contact's phone (optional)"
        error={form.errorFor('emergencyContactPhone')}
        type="tel"
        autoComplete="off"
        {...form.bind('emergencyContactPhone')}
      />
    </PanelForm>
  );
}

const FIELD_WORDS = {
  name: 'name',
  email: 'e-mail',
  membershipType: 'type',
  renewalDate: 'renewal date',
  phone: 'phone',
  emergencyContactName: 'emergency contact',
  emergencyContactPhone: "emergency contact's phone",
} as const;

function ImportPanel({ onImported, onStart }: { onImported: (message: string) => void; onStart: () => void }) {
  const checking = usePreviewMemberImport();
  const importing = useImportMembers();
  return (
    <CsvImportPanel
      idPrefix="adm-members"
      title="Import from CSV"
      description={
        <>
          The club&apos;s membership export: one member a line with their name, e-mail, membership type and renewal date (e.g.{' '}
          <code className="adm-members-example">Ann Sailor,ann@example.com,Family,31/03/2027</code>). A first line naming the columns lets them come in any
          order. New e-mails are added; members already listed (matched by e-mail) are updated. Nothing is saved until you confirm, and nothing at all if any
          line is wrong.
        </>
      }
      maxBytes={MAX_MEMBER_CSV_BYTES}
      tooLargeMessage={MEMBER_CSV_TOO_LARGE_MESSAGE}
      checking={checking}
      importing={importing}
      summary={(plan) => (
        <>
          {plan.add.length} new {plan.add.length === 1 ? 'member' : 'members'}, {plan.update.length} to update, {plan.unchanged} already listed as they are.
        </>
      )}
      details={(plan) => <MemberImportDetails plan={plan} />}
      importLabel={(plan) => {
        const total = plan.add.length + plan.update.length + plan.unchanged;
        return `Import ${total} ${total === 1 ? 'Member' : 'Members'}`;
      }}
      importedMessage={(result, fileName) =>
        [
          `Imported ${result.imported} ${result.imported === 1 ? 'member' : 'members'} from ${fileName}: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged.`,
          unknownMembershipTypesWarning(result.unknownMembershipTypes),
        ]
          .filter(Boolean)
          .join(' ')
      }
      onImported={onImported}
      onStart={onStart}
    />
  );
}

function MemberImportDetails({ plan }: { plan: MemberImportPlan }) {
  const warning = unknownMembershipTypesWarning(plan.unknownMembershipTypes);
  return (
    <>
      {warning && <Alert tone="warning">{warning}</Alert>}
      {plan.update.length > 0 && (
        <DataTable label="Members who will be updated" columns={['Member', 'Changes']}>
          {plan.update.map((u) => (
            <tr key={u.id}>
              <td>
                {u.name}
                <span className="adm-cell-sub">{u.email}</span>
              </td>
              <td>
                {u.changes
                  .map(
                    (c) =>
                      `${FIELD_WORDS[c.field]}: ${c.field === 'renewalDate' ? renewalDateText(c.before) : c.before || '(none)'} → ${c.field === 'renewalDate' ? renewalDateText(c.after) : c.after || '(none)'}`,
                  )
                  .join('; ')}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {plan.add.length > 0 && (
        <details className="adm-wl-added">
          <summary>
            Show the {plan.add.length} new {plan.add.length === 1 ? 'member' : 'members'}
          </summary>
          <DataTable label="Members who will be added" columns={['Name', 'Email', 'Type', 'Renewal date']}>
            {plan.add.map((m) => (
              <tr key={m.email}>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>{m.membershipType}</td>
                <td>{renewalDateText(m.renewalDate)}</td>
              </tr>
            ))}
          </DataTable>
        </details>
      )}
    </>
  );
}

function MembersTable({
  members,
  upcomingDuties,
  onEdit,
  onChanged,
  onFailed,
}: {
  members: MemberView[];
  /** How many duties not over yet each member holds: disabling releases them (docs/duties.md#when-a-member-leaves). */
  upcomingDuties: Record<string, number>;
  onEdit: (member: MemberView) => void;
  onChanged: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [disabling, setDisabling] = useState<MemberView | null>(null);
  const update = useUpdateMember();
  const busy = update.isPending;

  const setDisabled = (member: MemberView, disabled: boolean) =>
    update.mutate(
      { id: member.id, changes: { disabled } },
      {
        onSuccess: (saved) => onChanged(`${saved.name} ${disabled ? 'disabled' : 'enabled'}.`),
        onError: (error) => onFailed(refusalMessage(error, 'Failed to change the member. Please try again.')),
        onSettled: () => setDisabling(null),
      },
    );

  return (
    <>
      <DataTable label="Members" columns={['Name', 'Email', 'Membership type', 'Renewal date', 'Status', 'Actions']}>
        {members.map((member) => (
          <tr key={member.id}>
            <th scope="row">{member.name}</th>
            <td>{member.email}</td>
            <td>{member.membershipType}</td>
            <td>{renewalDateText(member.renewalDate)}</td>
            <td>
              <Badge tone={STATUS_BADGE[member.status].tone}>{STATUS_BADGE[member.status].label}</Badge>
            </td>
            <td>
              <span className="adm-actions">
                <Button size="small" variant="secondary" aria-label={`Edit ${member.name}`} onClick={() => onEdit(member)} disabled={busy}>
                  Edit
                </Button>
                <Button
                  size="small"
                  variant={member.disabled ? 'secondary' : 'danger'}
                  aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.name}`}
                  // Disabling ends the member's sign-in at once, so it is asked about first; enabling is not.
                  onClick={() => (member.disabled ? setDisabled(member, false) : setDisabling(member))}
                  disabled={busy}
                >
                  {member.disabled ? 'Enable' : 'Disable'}
                </Button>
              </span>
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={disabling !== null}
        title="Disable member?"
        confirmLabel="Disable"
        busy={busy}
        onConfirm={() => disabling && setDisabled(disabling, true)}
        onCancel={() => setDisabling(null)}
      >
        {disabling && (
          <p>
            Disable <strong>{disabling.name}</strong> ({disabling.email})? They will no longer count as a current member nor be able to sign in. You can enable
            them again later.
          </p>
        )}
        {disabling && <p>{dutiesReleasedText(upcomingDuties[disabling.id] ?? 0)}</p>}
      </ConfirmDialog>
    </>
  );
}

/** What disabling does to the member's duties, said before it is done. */
function dutiesReleasedText(count: number): string {
  if (count === 0) return 'They hold no duties still to come.';
  return `Their ${count === 1 ? 'duty' : `${count} duties`} still to come will be released: the ${count === 1 ? 'slot is' : 'slots are'} left empty (an event may then be short of cover) and the admins who keep the duty rosters are e-mailed. Enabling them again later does not give ${count === 1 ? 'it' : 'them'} back.`;
}

/** The fields of `values` that differ from `initial`. */
function changedValues<T extends object>(initial: T, values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== initial[name as keyof T])) as Partial<T>;
}
