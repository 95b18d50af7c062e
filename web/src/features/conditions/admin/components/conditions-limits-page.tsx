import { useState, type FormEvent } from 'react';
import type { ConditionsLimits } from '@core/conditions/conditions-limits';
import { hasPermission } from '@core/admins/permissions';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { Alert } from '../../../../components/ui/alert';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { limitsQueryOptions, useLimits, useSaveLimits, type LimitsFormValues } from '../api/conditions';

interface Row {
  id: string;
  name: string;
  windKn: string;
  gustKn: string;
}

/** A kind's id made from its name: "Junior training" → "junior-training". */
function idOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** /admin/conditions: the club's wind limits per kind of event, kept by admins with events:write. */
export function ConditionsLimitsPage() {
  const limits = useLimits();
  const tryAgain = useTryAgain(limitsQueryOptions().queryKey);
  return (
    <>
      <PageTitle documentTitle="Wind Limits">Wind Limits</PageTitle>
      <p className="adm-muted">
        The most wind and gusts (knots) the club sails each kind of event in. The go/no-go panel compares each event&apos;s forecast with its kind&apos;s
        limits: near when within the margin below a limit, beyond when over it.
      </p>
      <LoadStatus query={limits} onRetry={tryAgain} loading="Loading the limits…" failed="Failed to load the limits" />
      {limits.isSuccess && <LimitsForm limits={limits.data.limits} saved={limits.data.saved} />}
    </>
  );
}

function LimitsForm({ limits, saved }: { limits: ConditionsLimits; saved: boolean }) {
  const admin = useSignedInAdmin();
  const canSave = hasPermission(admin, 'events:write');
  const [rows, setRows] = useState<Row[]>(
    limits.kinds.map((kind) => ({ id: kind.id, name: kind.name, windKn: String(kind.windKn), gustKn: String(kind.gustKn) })),
  );
  const [defaultKind, setDefaultKind] = useState(limits.defaultKind);
  const [margin, setMargin] = useState(String(limits.marginKn));
  const save = useSaveLimits();
  const fields = save.error instanceof ApiError && save.error.status === 400 ? save.error.fields : {};
  const failure = save.isError ? refusalMessage(save.error, 'The limits could not be saved. Please try again.') : null;

  const change = (index: number, field: keyof Row, value: string) =>
    setRows((current) =>
      current.map((row, i) => (i === index ? { ...row, [field]: value, ...(field === 'name' && row.id === idOf(row.name) ? { id: idOf(value) } : {}) } : row)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: LimitsFormValues = {
      kinds: rows.map((row) => ({ id: row.id || idOf(row.name), name: row.name, windKn: Number(row.windKn), gustKn: Number(row.gustKn) })),
      defaultKind,
      marginKn: Number(margin),
    };
    save.mutate(values);
  };

  return (
    <form className="adm-panel" onSubmit={submit} aria-labelledby="adm-limits-title" noValidate>
      <h2 id="adm-limits-title">Limits per kind of event</h2>
      {!saved && <p className="adm-muted">These are the suggested limits: save them, or your own, to keep them.</p>}
      {save.isSuccess && <Alert tone="success">Limits saved.</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="adm-table-wrap">
        <table className="adm-table">
          <caption className="visually-hidden">Wind limits</caption>
          <thead>
            <tr>
              <th scope="col">Kind of event</th>
              <th scope="col">Wind (kn)</th>
              <th scope="col">Gusts (kn)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>
                  <input
                    className="input"
                    aria-label={`Kind ${index + 1}: name`}
                    value={row.name}
                    disabled={!canSave}
                    onChange={(e) => change(index, 'name', e.target.value)}
                    aria-invalid={fields[`kinds.${index}.name`] ? true : undefined}
                  />
                  {fields[`kinds.${index}.name`] && <p className="field-error">{fields[`kinds.${index}.name`]}</p>}
                </td>
                <td>
                  <input
                    className="input"
                    inputMode="decimal"
                    aria-label={`${row.name || `Kind ${index + 1}`}: wind limit in knots`}
                    value={row.windKn}
                    disabled={!canSave}
                    onChange={(e) => change(index, 'windKn', e.target.value)}
                    aria-invalid={fields[`kinds.${index}.windKn`] ? true : undefined}
                  />
                  {fields[`kinds.${index}.windKn`] && <p className="field-error">{fields[`kinds.${index}.windKn`]}</p>}
                </td>
                <td>
                  <input
                    className="input"
                    inputMode="decimal"
                    aria-label={`${row.name || `Kind ${index + 1}`}: gust limit in knots`}
                    value={row.gustKn}
                    disabled={!canSave}
                    onChange={(e) => change(index, 'gustKn', e.target.value)}
                    aria-invalid={fields[`kinds.${index}.gustKn`] ? true : undefined}
                  />
                  {fields[`kinds.${index}.gustKn`] && <p className="field-error">{fields[`kinds.${index}.gustKn`]}</p>}
                </td>
                <td>
                  {canSave && rows.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                      aria-label={`Remove ${row.name || `kind ${index + 1}`}`}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fields.kinds && <p className="field-error">{fields.kinds}</p>}
      {canSave && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setRows((current) => [...current, { id: '', name: '', windKn: '', gustKn: '' }])}
        >
          Add a kind of event
        </button>
      )}
      <div className="field">
        <label className="field-label" htmlFor="adm-limits-default">
          Default kind (events given no kind)
        </label>
        <select id="adm-limits-default" className="input" value={defaultKind} disabled={!canSave} onChange={(e) => setDefaultKind(e.target.value)}>
          {rows.map((row, index) => (
            <option key={index} value={row.id || idOf(row.name)}>
              {row.name || `Kind ${index + 1}`}
            </option>
          ))}
        </select>
        {fields.defaultKind && <p className="field-error">{fields.defaultKind}</p>}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="adm-limits-margin">
          Margin (kn): near the limits from this far below them
        </label>
        <input
          id="adm-limits-margin"
          className="input"
          inputMode="decimal"
          value={margin}
          disabled={!canSave}
          onChange={(e) => setMargin(e.target.value)}
          aria-invalid={fields.marginKn ? true : undefined}
        />
        {fields.marginKn && <p className="field-error">{fields.marginKn}</p>}
      </div>
      {canSave && (
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Limits'}
        </button>
      )}
    </form>
  );
}
