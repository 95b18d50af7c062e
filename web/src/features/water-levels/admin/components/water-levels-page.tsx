import { Fragment, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { WaterLevelReading } from '@core/water-levels/water-level';
import { addDaysToDate, londonDate } from '@core/shared/london-time';
import {
  MAX_WATER_LEVEL_CSV_BYTES,
  CSV_TOO_LARGE_MESSAGE,
  WATER_LEVEL_DATE_HINT,
  WaterLevelCorrectionSchema,
  parsePercent,
  readingDateInWords,
  validateWaterLevelForm,
  WATER_LEVEL_MESSAGES,
  type WaterLevelFormValues,
  type ImportPlan,
} from '@core/water-levels/water-levels';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useAdminPanelForm } from '../../../../admin/shared/components/admin-form';
import { ruleResolver } from '../../../../lib/form-rules';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import {
  readingsQueryOptions,
  useAddReading,
  useCorrectReading,
  useDeleteReading,
  useImportReadings,
  usePreviewImport,
  useReadings,
} from '../api/water-levels';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { NoticeArea, type Notice } from '../../../../admin/shared/components/notice';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { PanelForm } from '../../../../admin/shared/components/panel-form';
import { CsvImportPanel } from '../../../../admin/shared/components/csv-import-panel';
import { useConfirm } from '../../../../admin/shared/components/use-confirm';

/** The list shows the last year of readings, as the members' chart does. */
const LIST_DAYS = 365;
const FORM_FIELDS = ['date', 'percentFull'] as const;

const percentText = (value: number) => `${value}%`;

/** Admins with content:write keep the reservoir readings: add one, correct or delete one, import a CSV file. */
export function WaterLevelsPage() {
  const today = londonDate(new Date());
  const from = addDaysToDate(today, -(LIST_DAYS - 1));
  const readings = useReadings(from, today);
  const tryAgain = useTryAgain(readingsQueryOptions(from, today).queryKey);
  const [notice, setNotice] = useState<Notice>(null);

  // The mutations have the list and the members' chart read again; the page says what was done.
  const changed = (message: string) => setNotice({ kind: 'success', message });

  if (readings.isError && readings.error.status === 403) return <LoadError error={readings.error} message="Failed to load water levels" />;

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="Water Levels">Water Levels</PageTitle>
      </div>
      <p className="adm-muted">The reservoir readings members see on the Home page chart: one reading a day, in percent full.</p>
      <NoticeArea notice={notice} />
      <div className="adm-columns">
        <AddReadingPanel
          onAdded={(reading) => changed(`Reading for ${readingDateInWords(reading.date)} added: ${percentText(reading.percentFull)} full.`)}
          onStart={() => setNotice(null)}
        />
        <ImportPanel onImported={changed} onStart={() => setNotice(null)} />
      </div>
      <section className="adm-panel" aria-labelledby="adm-wl-list-title">
        <h2 id="adm-wl-list-title">Readings of the Last Year</h2>
        <LoadStatus query={readings} onRetry={tryAgain} loading="Loading readings…" failed="Failed to load water levels" />
        {readings.isSuccess &&
          (readings.data.length === 0 ? (
            <p className="adm-muted">No readings in the last year.</p>
          ) : (
            <ReadingsTable readings={readings.data} onChanged={changed} onFailed={(message) => setNotice({ kind: 'error', message })} />
          ))}
      </section>
    </>
  );
}

function AddReadingPanel({ onAdded, onStart }: { onAdded: (reading: WaterLevelReading) => void; onStart: () => void }) {
  const form = useAdminPanelForm<WaterLevelFormValues, (typeof FORM_FIELDS)[number]>({
    initial: { date: '', percentFull: '' },
    // The server's own rule, so the form says what the server would.
    resolver: ruleResolver((values: WaterLevelFormValues) => validateWaterLevelForm(values, londonDate(new Date()))),
    order: FORM_FIELDS,
    idOf: (name) => `adm-wl-${name}`,
  });

  const add = useAddReading();

  const send = (values: WaterLevelFormValues) =>
    add.mutateAsync(values).then(
      (reading) => {
        form.reset({ date: '', percentFull: '' });
        onAdded(reading);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) form.refuse({ date: error.message });
        else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) form.refuse(error.fields);
        else form.refuse({}, refusalMessage(error, 'Failed to add the reading. Please try again.'));
      },
    );
  return (
    <PanelForm id="adm-wl-add" title="Add a Reading" legend="New reading" form={form} send={send} onStart={onStart} submit={['Add Reading', 'Adding…']}>
      <Field id="adm-wl-date" label="Date" hint={WATER_LEVEL_DATE_HINT} error={form.errorFor('date')} required>
        <input className="input" type="text" inputMode="numeric" autoComplete="off" placeholder="dd/mm/yyyy" {...form.bind('date')} />
      </Field>
      <Field id="adm-wl-percentFull" label="Percent full" hint="0 to 100, e.g. 63.5" error={form.errorFor('percentFull')} required>
        <input className="input" type="text" inputMode="decimal" autoComplete="off" {...form.bind('percentFull')} />
      </Field>
    </PanelForm>
  );
}

function ImportPanel({ onImported, onStart }: { onImported: (message: string) => void; onStart: () => void }) {
  const checking = usePreviewImport();
  const importing = useImportReadings();
  return (
    <CsvImportPanel
      idPrefix="adm-wl"
      title="Import a CSV File"
      description={
        <>
          One reading a line: the date, a comma, the percentage (e.g. <code>23/11/2026,63.5</code>). A first line starting with “date” is skipped. Nothing is
          saved until you confirm, and nothing at all if any line is wrong.
        </>
      }
      maxBytes={MAX_WATER_LEVEL_CSV_BYTES}
      tooLargeMessage={CSV_TOO_LARGE_MESSAGE}
      checking={checking}
      importing={importing}
      summary={(plan) => (
        <>
          {plan.add.length} new {plan.add.length === 1 ? 'reading' : 'readings'}, {plan.replace.length} to replace, {plan.unchanged} already stored as they are.
        </>
      )}
      details={(plan) => <ReadingImportDetails plan={plan} />}
      importLabel={(plan) => `Import ${plan.add.length + plan.replace.length + plan.unchanged} Readings`}
      importedMessage={(result, fileName) =>
        `Imported ${result.imported} ${result.imported === 1 ? 'reading' : 'readings'} from ${fileName}: ${result.added} added, ${result.replaced} replaced, ${result.unchanged} unchanged.`
      }
      onImported={onImported}
      onStart={onStart}
    />
  );
}

function ReadingImportDetails({ plan }: { plan: ImportPlan }) {
  return (
    <>
      {plan.replace.length > 0 && (
        <DataTable label="Readings that will be replaced" columns={['Date', { label: 'Now', numeric: true }, { label: 'After import', numeric: true }]}>
          {plan.replace.map((r) => (
            <tr key={r.date}>
              <td>{readingDateInWords(r.date)}</td>
              <td className="adm-num">{percentText(r.before)}</td>
              <td className="adm-num">{percentText(r.after)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {plan.add.length > 0 && (
        <details className="adm-wl-added">
          <summary>
            Show the {plan.add.length} new {plan.add.length === 1 ? 'reading' : 'readings'}
          </summary>
          <DataTable label="Readings that will be added" columns={['Date', { label: 'Percent full', numeric: true }]}>
            {plan.add.map((r) => (
              <tr key={r.date}>
                <td>{readingDateInWords(r.date)}</td>
                <td className="adm-num">{percentText(r.percentFull)}</td>
              </tr>
            ))}
          </DataTable>
        </details>
      )}
    </>
  );
}

function ReadingsTable({
  readings,
  onChanged,
  onFailed,
}: {
  readings: WaterLevelReading[];
  onChanged: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [editing, setEditing] = useState<{ date: string; value: string; error: string | null } | null>(null);
  // The row whose Correct button gets focus back once its input closes (saved or cancelled).
  const returnFocusTo = useRef<string | null>(null);
  const correct = useCorrectReading();
  const saving = correct.isPending;
  const editingDate = editing?.date ?? null;

  // The input opens with the focus in it and its value selected, ready to type over.
  useEffect(() => {
    if (editingDate === null) return;
    const input = document.getElementById(`adm-wl-edit-${editingDate}`);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  }, [editingDate]);

  useEffect(() => {
    if (editingDate !== null || returnFocusTo.current === null) return;
    document.getElementById(`adm-wl-correct-${returnFocusTo.current}`)?.focus();
    returnFocusTo.current = null;
  }, [editingDate]);

  const open = (reading: WaterLevelReading) => {
    correct.reset();
    setEditing({ date: reading.date, value: String(reading.percentFull), error: null });
  };

  const close = () => {
    if (!editing || saving) return;
    returnFocusTo.current = editing.date;
    setEditing(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const parsed = WaterLevelCorrectionSchema.safeParse({ percentFull: editing.value });
    const value = parsed.success ? parsePercent(parsed.data.percentFull) : null;
    const problem =
      editing.value.trim() === ''
        ? WATER_LEVEL_MESSAGES.percentRequired
        : value === null
          ? WATER_LEVEL_MESSAGES.percentNotNumber
          : value < 0 || value > 100
            ? WATER_LEVEL_MESSAGES.percentOutOfRange
            : null;
    if (problem) {
      setEditing({ ...editing, error: problem });
      document.getElementById(`adm-wl-edit-${editing.date}`)?.focus();
      return;
    }
    if (saving) return;
    // The value as it was: nothing to save, and nothing is sent.
    const stored = readings.find((r) => r.date === editing.date);
    if (stored && stored.percentFull === value) {
      returnFocusTo.current = editing.date;
      setEditing(null);
      onChanged(`Reading for ${readingDateInWords(stored.date)} unchanged: still ${percentText(stored.percentFull)} full.`);
      return;
    }
    correct.mutate(
      { date: editing.date, percentFull: editing.value },
      {
        onSuccess: (reading) => {
          returnFocusTo.current = reading.date;
          setEditing(null);
          onChanged(`Reading for ${readingDateInWords(reading.date)} corrected to ${percentText(reading.percentFull)} full.`);
        },
        onError: (error) => setEditing({ ...editing, error: refusalMessage(error, 'Failed to save the correction. Please try again.') }),
      },
    );
  };

  const deletion = useConfirm(
    useDeleteReading({
      onSuccess: (_, reading) => onChanged(`Reading for ${readingDateInWords(reading.date)} deleted.`),
      onError: (error) => onFailed(refusalMessage(error, 'Failed to delete the reading. Please try again.')),
    }),
  );

  return (
    <>
      <DataTable label="Readings, newest first" columns={['Date', { label: 'Percent full', numeric: true }, 'Actions']}>
        {readings.map((reading) => {
          const words = readingDateInWords(reading.date);
          const isEditing = editing?.date === reading.date;
          return (
            <tr key={reading.date}>
              <td>{words}</td>
              <td className="adm-num">
                {isEditing ? (
                  <form id={`adm-wl-form-${reading.date}`} onSubmit={save} noValidate>
                    <Field id={`adm-wl-edit-${reading.date}`} label={`Percent full on ${words}`} error={editing.error ?? undefined}>
                      <input
                        className="input adm-wl-edit"
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        value={editing.value}
                        onChange={(e) => setEditing({ ...editing, value: e.target.value, error: null })}
                        onKeyDown={onKeyDown}
                      />
                    </Field>
                  </form>
                ) : (
                  percentText(reading.percentFull)
                )}
              </td>
              <td>
                <div className="adm-actions">
                  {/* Keyed apart: were the Correct button's element reused as the Save button, the
                      click that opens the input would also submit its form, saving the old value. */}
                  {isEditing ? (
                    <Fragment key="editing">
                      <Button size="small" type="submit" form={`adm-wl-form-${reading.date}`} aria-label={`Save the reading of ${words}`} disabled={saving}>
                        {saving ? 'Saving…' : 'Save'}
                      </Button>
                      <Button size="small" variant="secondary" aria-label={`Cancel the correction of ${words}`} onClick={close} disabled={saving}>
                        Cancel
                      </Button>
                    </Fragment>
                  ) : (
                    <Fragment key="reading">
                      <Button
                        id={`adm-wl-correct-${reading.date}`}
                        size="small"
                        variant="secondary"
                        aria-label={`Correct the reading of ${words}`}
                        onClick={() => open(reading)}
                      >
                        Correct
                      </Button>
                      <Button size="small" variant="danger" aria-label={`Delete the reading of ${words}`} onClick={() => deletion.ask(reading)}>
                        Delete
                      </Button>
                    </Fragment>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <ConfirmDialog {...deletion.dialog} title="Delete this reading?" confirmLabel="Delete Reading" cancelLabel="Keep It">
        {deletion.target && (
          <p>
            The reading of {readingDateInWords(deletion.target.date)} ({percentText(deletion.target.percentFull)} full) will be removed from the chart members
            see.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
