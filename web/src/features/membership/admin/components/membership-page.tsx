import { useEffect, useRef, useState } from 'react';
import type { MembershipCategory } from '@core/membership/membership-category';
import {
  categoryToFormValues,
  settingsToFormValues,
  validateMembershipCategoryForm,
  validateMembershipSettingsForm,
  type MembershipCategoryFormValues,
  type MembershipSettingsFormValues,
} from '@core/membership/membership-forms';
import { MEMBERSHIP_CURRENCY } from '@core/membership/membership-schema';
import type { MembershipSettings } from '@core/membership/membership-settings';
import { formatMoney } from '@core/shared/money';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { ruleResolver } from '../../../../lib/form-rules';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Field } from '../../../../components/ui/field';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { PanelForm } from '../../../../admin/shared/components/panel-form';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import '../membership.css';
import { MembershipFiguresPanel } from './membership-figures-panel';
import {
  categoriesQueryOptions,
  membershipSettingsQueryOptions,
  openOfflineOrdersQueryOptions,
  useCategories,
  useCancelOrder,
  useMarkOrderPaid,
  useOpenOfflineOrders,
  useCreateCategory,
  useMembershipSettings,
  useSaveMembershipSettings,
  useUpdateCategory,
} from '../api/membership';

export const CATEGORIES_LOAD_FAILED = 'Failed to load the membership categories';
export const SETTINGS_LOAD_FAILED = 'Failed to load the membership settings';
export const CATEGORY_SAVE_FAILED = 'Failed to save the category. Please try again.';
export const SETTINGS_SAVE_FAILED = 'Failed to save the settings. Please try again.';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const editButtonId = (id: string) => `adm-ms-edit-${id}`;

/**
 * Admins with members:write keep the membership categories (add, change, withdraw: never delete,
 * members hold them) and the settings of the membership year (docs/membership.md).
 */
export function MembershipPage() {
  const categories = useCategories();
  const tryAgain = useTryAgain(categoriesQueryOptions().queryKey);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<MembershipCategory | null>(null);
  // The category just edited or left: its Edit button gets the focus back, as a dialog's opener would.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (returnTo.current === null || editing !== null) return;
    document.getElementById(editButtonId(returnTo.current))?.focus();
    returnTo.current = null;
  }, [editing]);

  if (categories.isError && categories.error.status === 403) return <LoadError error={categories.error} message={CATEGORIES_LOAD_FAILED} />;

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Membership">Membership</PageTitle>
      </div>
      <p className="adm-muted">The categories members hold and buy, with the price of a whole membership year, and how the membership year runs.</p>
      <NoticeArea notice={notice} />
      <section className="adm-panel" aria-labelledby="adm-ms-categories-title">
        <h2 id="adm-ms-categories-title">Categories</h2>
        <LoadStatus query={categories} onRetry={tryAgain} loading="Loading categories…" failed={CATEGORIES_LOAD_FAILED} />
        {categories.isSuccess &&
          (categories.data.length === 0 ? (
            <p className="adm-muted">No categories yet: add the first one below.</p>
          ) : (
            <CategoriesTable
              categories={categories.data}
              onEdit={(category) => {
                setNotice(null);
                setEditing(category);
              }}
            />
          ))}
      </section>
      <OfflineOrdersPanel onNotice={setNotice} />
      <MembershipFiguresPanel onNotice={setNotice} />
      <div className="adm-columns">
        <CategoryPanel
          key={editing?.id ?? 'new'}
          editing={editing}
          onStart={() => setNotice(null)}
          onSaved={(category, added) => {
            if (!added) returnTo.current = category.id;
            setEditing(null);
            setNotice({ kind: 'success', message: added ? `Category ${category.name} added.` : `Category ${category.name} saved.` });
          }}
          onCancel={() => {
            returnTo.current = editing?.id ?? null;
            setEditing(null);
          }}
        />
        <SettingsPanel onSaved={() => setNotice({ kind: 'success', message: 'Membership settings saved.' })} onStart={() => setNotice(null)} />
      </div>
    </>
  );
}

export const ORDERS_LOAD_FAILED = 'Failed to load the renewals waiting for payment';

/** Renewals members chose to pay in cash or by transfer: an admin marks each paid once the money is in. */
function OfflineOrdersPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const orders = useOpenOfflineOrders();
  const tryAgain = useTryAgain(openOfflineOrdersQueryOptions().queryKey);
  const mark = useMarkOrderPaid();
  const cancelling = useConfirm(
    useCancelOrder({
      onSuccess: (_, { name }) => onNotice({ kind: 'success', message: `Renewal for ${name} cancelled.` }),
      onError: (error) => onNotice({ kind: 'error', message: refusalMessage(error, 'Failed to cancel the renewal. Please try again.') }),
    }),
  );
  const markPaid = (orderId: string, name: string, method: 'cash' | 'transfer') => {
    onNotice(null);
    mark.mutate(
      { orderId, method },
      {
        onSuccess: (answer) =>
          onNotice({
            kind: 'success',
            message:
              answer.result === 'refund'
                ? `Payment recorded for ${name}; it bought nothing: refund it.`
                : `Payment recorded: ${name} is renewed until ${answer.order.paysUntil}.`,
          }),
        onError: (error) => onNotice({ kind: 'error', message: refusalMessage(error, 'Failed to record the payment. Please try again.') }),
      },
    );
  };
  return (
    <section className="adm-panel" aria-labelledby="adm-ms-orders-title">
      <h2 id="adm-ms-orders-title">Renewals waiting for cash or transfer</h2>
      <LoadStatus query={orders} onRetry={tryAgain} loading="Loading renewals…" failed={ORDERS_LOAD_FAILED} />
      {orders.isSuccess &&
        (orders.data.length === 0 ? (
          <p className="adm-muted">None waiting.</p>
        ) : (
          <DataTable label="Renewals waiting for payment" columns={['Member', 'Method', { label: 'Amount', numeric: true }, 'Renews until', 'Actions']}>
            {orders.data.map((order) => {
              const name = order.memberName ?? 'A former member';
              return (
                <tr key={order.id}>
                  <td>{name}</td>
                  <td>{order.method === 'cash' ? 'Cash' : 'Transfer'}</td>
                  <td className="adm-num">{formatMoney(order.amount, order.currency)}</td>
                  <td>{order.paysUntil}</td>
                  <td>
                    <Button variant="secondary" disabled={mark.isPending} onClick={() => markPaid(order.id, name, 'cash')}>
                      Mark paid (cash)<span className="visually-hidden"> for {name}</span>
                    </Button>{' '}
                    <Button variant="secondary" disabled={mark.isPending} onClick={() => markPaid(order.id, name, 'transfer')}>
                      Mark paid (transfer)<span className="visually-hidden"> for {name}</span>
                    </Button>{' '}
                    <Button
                      variant="secondary"
                      disabled={mark.isPending || cancelling.busy}
                      onClick={() => {
                        onNotice(null);
                        cancelling.ask({ orderId: order.id, name });
                      }}
                    >
                      Cancel<span className="visually-hidden"> the renewal for {name}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        ))}
      <ConfirmDialog {...cancelling.dialog} title="Cancel this renewal?" confirmLabel="Cancel renewal" cancelLabel="Keep it">
        <p>
          <strong>{cancelling.target?.name}</strong> will no longer be asked to pay it, and a payment confirmed afterwards buys nothing. They can renew again
          from My club.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function CategoriesTable({ categories, onEdit }: { categories: MembershipCategory[]; onEdit: (category: MembershipCategory) => void }) {
  return (
    <DataTable
      label="Membership categories"
      columns={['Name', { label: 'Price a year', numeric: true }, 'Household', { label: 'Duties', numeric: true }, 'Online', 'Life', 'Withdrawn', 'Actions']}
    >
      {categories.map((category) => (
        <tr key={category.id}>
          <td>
            <span className="adm-ms-name">{category.name}</span>
            {category.description && <span className="adm-muted adm-ms-description">{category.description}</span>}
          </td>
          <td className="adm-num">{formatMoney(category.seasonPrice, MEMBERSHIP_CURRENCY)}</td>
          <td>{yesNo(category.coversHousehold)}</td>
          <td className="adm-num">{category.dutiesPerSeason}</td>
          <td>{yesNo(category.onlinePurchase)}</td>
          <td>{yesNo(category.life)}</td>
          <td>{yesNo(category.withdrawn)}</td>
          <td>
            <Button id={editButtonId(category.id)} variant="secondary" onClick={() => onEdit(category)}>
              Edit<span className="visually-hidden"> {category.name}</span>
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

const CATEGORY_FIELDS = ['name', 'description', 'price', 'dutiesPerSeason'] as const;
const categoryFieldId = (name: string) => `adm-ms-${name}`;

/** Add a category, or change the one chosen in the table (its id stays: members' records name it). */
function CategoryPanel({
  editing,
  onSaved,
  onStart,
  onCancel,
}: {
  editing: MembershipCategory | null;
  onSaved: (category: MembershipCategory, added: boolean) => void;
  onStart: () => void;
  onCancel: () => void;
}) {
  const form = useAdminPanelForm<MembershipCategoryFormValues, (typeof CATEGORY_FIELDS)[number]>({
    initial: () => categoryToFormValues(editing),
    // The server's own rule, so the form says what the server would.
    resolver: ruleResolver(validateMembershipCategoryForm),
    order: CATEGORY_FIELDS,
    idOf: categoryFieldId,
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();

  // Chosen in the table: the form opens with the focus in its first field.
  useEffect(() => {
    if (editing) document.getElementById(categoryFieldId('name'))?.focus();
  }, [editing]);

  const send = (values: MembershipCategoryFormValues) =>
    (editing ? update.mutateAsync({ id: editing.id, values }) : create.mutateAsync(values)).then(
      (category) => {
        form.reset(categoryToFormValues(null));
        onSaved(category, editing === null);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) form.refuse({ name: error.message });
        else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) form.refuse(error.fields);
        else form.refuse({}, refusalMessage(error, CATEGORY_SAVE_FAILED));
      },
    );
  const check = (name: 'coversHousehold' | 'onlinePurchase' | 'life' | 'withdrawn', label: string, hint: string) => (
    <Checkbox id={categoryFieldId(name)} label={label} hint={hint} checked={form.values[name]} onChange={(checked) => form.set(name, checked)} />
  );
  return (
    <PanelForm
      id="adm-ms-category"
      title={editing ? `Edit Category: ${editing.name}` : 'Add a Category'}
      legend={editing ? 'Category' : 'New category'}
      form={form}
      send={send}
      onStart={onStart}
      submit={editing ? ['Save Category', 'Saving…'] : ['Add Category', 'Adding…']}
      after={
        editing && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )
      }
    >
      <Field id={categoryFieldId('name')} label="Name" hint="What members and the member list call it." error={form.errorFor('name')} required>
        <input className="input" type="text" autoComplete="off" {...form.bind('name')} />
      </Field>
      <Field id={categoryFieldId('description')} label="Description" hint="What a member reads when choosing it." error={form.errorFor('description')}>
        <textarea className="input" rows={3} {...form.bind('description')} />
      </Field>
      <Field
        id={categoryFieldId('price')}
        label="Price a year (£)"
        hint="For a whole membership year, e.g. 120 or 45.50; 0 for a free category."
        error={form.errorFor('price')}
        required
      >
        <input className="input" type="text" inputMode="decimal" autoComplete="off" {...form.bind('price')} />
      </Field>
      <Field
        id={categoryFieldId('dutiesPerSeason')}
        label="Duties a year"
        hint="How many duties it expects a membership year (per household when it covers one)."
        error={form.errorFor('dutiesPerSeason')}
        required
      >
        <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('dutiesPerSeason')} />
      </Field>
      {check('coversHousehold', 'Covers the household', "Everyone in the buyer's household, one payment by its contact.")}
      {check('onlinePurchase', 'Bought online', 'Members and applicants may buy or renew it online; otherwise an admin grants it.')}
      {check('life', 'Life membership', 'Never ends: no renewal, no reminders.')}
      {check('withdrawn', 'Withdrawn', 'Kept by the members who hold it, no longer offered.')}
    </PanelForm>
  );
}

const SETTINGS_FIELDS = [
  'yearKind',
  'yearStartMonth',
  'yearStartDay',
  'renewalWindowWeeks',
  'reminderDays',
  'discountPercent',
  'discountFromMonth',
  'discountFromDay',
  'admission',
  'applicationExpiryDays',
] as const;
const settingsFieldId = (name: string) => `adm-ms-set-${name}`;

function SettingsPanel({ onSaved, onStart }: { onSaved: () => void; onStart: () => void }) {
  const settings = useMembershipSettings();
  const tryAgain = useTryAgain(membershipSettingsQueryOptions().queryKey);
  if (!settings.isSuccess) {
    return (
      <section className="adm-panel" aria-labelledby="adm-ms-settings-title">
        <h2 id="adm-ms-settings-title">Settings</h2>
        <LoadStatus query={settings} onRetry={tryAgain} loading="Loading settings…" failed={SETTINGS_LOAD_FAILED} />
      </section>
    );
  }
  return (
    <SettingsForm
      key={JSON.stringify(settings.data.settings)}
      settings={settings.data.settings}
      saved={settings.data.saved}
      onSaved={onSaved}
      onStart={onStart}
    />
  );
}

function SettingsForm({ settings, saved, onSaved, onStart }: { settings: MembershipSettings; saved: boolean; onSaved: () => void; onStart: () => void }) {
  const form = useAdminPanelForm<MembershipSettingsFormValues, (typeof SETTINGS_FIELDS)[number]>({
    initial: () => settingsToFormValues(settings),
    resolver: ruleResolver(validateMembershipSettingsForm),
    order: SETTINGS_FIELDS,
    idOf: settingsFieldId,
  });
  const save = useSaveMembershipSettings();
  const send = (values: MembershipSettingsFormValues) =>
    save.mutateAsync(values).then(
      () => onSaved(),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) form.refuse(error.fields);
        else form.refuse({}, refusalMessage(error, SETTINGS_SAVE_FAILED));
      },
    );
  const fixed = form.values.yearKind === 'fixed';
  const monthSelect = (name: 'yearStartMonth' | 'discountFromMonth', label: string) => (
    <Field id={settingsFieldId(name)} label={label} error={form.errorFor(name)}>
      <select className="input" {...form.bind(name)}>
        {MONTHS.map((month, i) => (
          <option key={month} value={String(i + 1)}>
            {month}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <PanelForm
      id="adm-ms-settings"
      title="Settings"
      legend="Membership settings"
      form={form}
      send={send}
      onStart={onStart}
      submit={['Save Settings', 'Saving…']}
    >
      {!saved && <p className="adm-muted">These are the defaults: nobody has saved the settings yet.</p>}
      <Field id={settingsFieldId('yearKind')} label="Membership year" error={form.errorFor('yearKind')}>
        <select className="input" {...form.bind('yearKind')}>
          <option value="fixed">A fixed year, the same for everyone</option>
          <option value="rolling">Twelve months from the day paid for</option>
        </select>
      </Field>
      {fixed && (
        <div className="adm-ms-day">
          {monthSelect('yearStartMonth', 'Start month')}
          <Field id={settingsFieldId('yearStartDay')} label="Start day of the month" error={form.errorFor('yearStartDay')} required>
            <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('yearStartDay')} />
          </Field>
        </div>
      )}
      <Field
        id={settingsFieldId('renewalWindowWeeks')}
        label="Renewal window (weeks)"
        hint="How long before the end a member may renew: 1 to 26 weeks."
        error={form.errorFor('renewalWindowWeeks')}
        required
      >
        <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('renewalWindowWeeks')} />
      </Field>
      <Field
        id={settingsFieldId('reminderDays')}
        label="Reminder days"
        hint="Days from the end of a membership, separated by commas: negative before, 0 on the day, positive after (e.g. -28, -7, 0, 14). Empty for none."
        error={form.errorFor('reminderDays')}
      >
        <input className="input" type="text" autoComplete="off" {...form.bind('reminderDays')} />
      </Field>
      {fixed && (
        <>
          <Field
            id={settingsFieldId('discountPercent')}
            label="Joining discount (%)"
            hint="Off the price for joining late in the year; empty for none."
            error={form.errorFor('discountPercent')}
          >
            <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('discountPercent')} />
          </Field>
          <div className="adm-ms-day">
            {monthSelect('discountFromMonth', 'Discount month')}
            <Field id={settingsFieldId('discountFromDay')} label="Discount day of the month" error={form.errorFor('discountFromDay')}>
              <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('discountFromDay')} />
            </Field>
          </div>
        </>
      )}
      <Field id={settingsFieldId('admission')} label="Admission" error={form.errorFor('admission')}>
        <select className="input" {...form.bind('admission')}>
          <option value="after-payment">An admin admits an applicant after they pay</option>
          <option value="before-payment">An admin admits an applicant before they pay</option>
        </select>
      </Field>
      <Field
        id={settingsFieldId('applicationExpiryDays')}
        label="Application expiry (days)"
        hint="An application not admitted by then is declined and refunded: 1 to 365 days."
        error={form.errorFor('applicationExpiryDays')}
        required
      >
        <input className="input" type="text" inputMode="numeric" autoComplete="off" {...form.bind('applicationExpiryDays')} />
      </Field>
    </PanelForm>
  );
}
