import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { InputField, Field } from '../../../../components/ui/field';
import { stateField } from '../../../../lib/state-field';
import { Checkbox } from '../../../../components/ui/checkbox';
import { refusalMessage } from '../../../../lib/api';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { deleteCatalogue, dutyCatalogueQueryOptions, saveCatalogue, useDutyCatalogue, useDutyWrite, type CatalogueKind } from '../api/duties';

/** The Duties screen (duties:write): qualifications, duty types and the templates per kind of event. */
export function DutiesPage() {
  const catalogue = useDutyCatalogue();
  const tryAgain = useTryAgain(dutyCatalogueQueryOptions().queryKey);
  const save = useDutyWrite(saveCatalogue);
  const remove = useDutyWrite(deleteCatalogue);
  const [qualification, setQualification] = useState({ name: '', validityMonths: '' });
  const [dutyType, setDutyType] = useState({ name: '', description: '', qualificationIds: [] as string[] });
  const [template, setTemplate] = useState({ name: '', needs: {} as Record<string, { needed: string; optional: boolean; allowsSecondDuty: boolean }> });

  if (catalogue.isError && catalogue.error.status === 403) return <LoadError error={catalogue.error} message="" />;
  const failure = save.error ?? remove.error;
  const submit = (kind: CatalogueKind, body: object, reset: () => void) => (e: FormEvent) => {
    e.preventDefault();
    remove.reset();
    save.mutate({ kind, body }, { onSuccess: reset });
  };
  const data = catalogue.data;
  const nameOf = (id: string) => data?.qualifications.find((q) => q.id === id)?.name ?? id;
  const typeName = (id: string) => data?.dutyTypes.find((t) => t.id === id)?.name ?? id;

  return (
    <>
      <PageHead title="Duties" />
      <p className="adm-muted">
        Qualifications, the duties that need them, and templates per kind of event. Members’ qualifications are on{' '}
        <Link to="/admin/duties/qualifications">Members’ qualifications</Link>; an event’s roster opens from the event list. The{' '}
        <Link to="/admin/duties/days">roster of a day</Link> and the <Link to="/admin/duties/counts">duty counts</Link> (with the CSV export) cover every event.{' '}
        <Link to="/admin/duties/fill">Fill the rota</Link> proposes who does a season’s open duties.
      </p>
      {failure && <Alert tone="error">{refusalMessage(failure, 'The change could not be saved. Please try again.')}</Alert>}
      <LoadStatus query={catalogue} onRetry={tryAgain} loading="Loading duties…" failed="Failed to load the duties" />
      {data && (
        <div className="adm-duties">
          <section className="adm-panel" aria-labelledby="duty-quals-title">
            <h2 id="duty-quals-title">Qualifications</h2>
            <ul className="adm-duty-list">
              {data.qualifications.map((q) => (
                <li key={q.id}>
                  <strong>{q.name}</strong> {q.validityMonths ? `(valid ${q.validityMonths} months)` : '(does not expire)'}{' '}
                  <DeleteButton name={q.name} onDelete={() => remove.mutate({ kind: 'qualifications', id: q.id })} />
                </li>
              ))}
            </ul>
            <form
              onSubmit={submit(
                'qualifications',
                { name: qualification.name, validityMonths: qualification.validityMonths === '' ? null : Number(qualification.validityMonths) },
                () => setQualification({ name: '', validityMonths: '' }),
              )}
            >
              <InputField id="qual-name" label="Qualification name" required {...stateField(qualification, setQualification, 'name')} />
              <InputField
                id="qual-months"
                label="Valid for (months, empty if it never expires)"
                inputMode="numeric"
                {...stateField(qualification, setQualification, 'validityMonths')}
              />
              <Button type="submit" disabled={save.isPending}>
                Add qualification
              </Button>
            </form>
          </section>

          <section className="adm-panel" aria-labelledby="duty-types-title">
            <h2 id="duty-types-title">Duty types</h2>
            <ul className="adm-duty-list">
              {data.dutyTypes.map((t) => (
                <li key={t.id}>
                  <strong>{t.name}</strong> {t.qualificationIds.length > 0 ? `needs ${t.qualificationIds.map(nameOf).join(', ')}` : 'needs no qualification'}{' '}
                  <DeleteButton name={t.name} onDelete={() => remove.mutate({ kind: 'types', id: t.id })} />
                </li>
              ))}
            </ul>
            <form onSubmit={submit('types', dutyType, () => setDutyType({ name: '', description: '', qualificationIds: [] }))}>
              <InputField id="type-name" label="Duty type name" required {...stateField(dutyType, setDutyType, 'name')} />
              <InputField id="type-description" label="Description" {...stateField(dutyType, setDutyType, 'description')} />
              <fieldset className="adm-fieldset">
                <legend>Qualifications needed</legend>
                {data.qualifications.length === 0 && <p className="adm-muted">No qualifications yet.</p>}
                {data.qualifications.map((q) => (
                  <Checkbox
                    key={q.id}
                    id={`type-needs-${q.id}`}
                    label={q.name}
                    checked={dutyType.qualificationIds.includes(q.id)}
                    onChange={(checked) =>
                      setDutyType({
                        ...dutyType,
                        qualificationIds: checked ? [...dutyType.qualificationIds, q.id] : dutyType.qualificationIds.filter((id) => id !== q.id),
                      })
                    }
                  />
                ))}
              </fieldset>
              <Button type="submit" disabled={save.isPending}>
                Add duty type
              </Button>
            </form>
          </section>

          <section className="adm-panel" aria-labelledby="duty-templates-title">
            <h2 id="duty-templates-title">Templates</h2>
            <ul className="adm-duty-list">
              {data.templates.map((t) => (
                <li key={t.id}>
                  <strong>{t.name}</strong>:{' '}
                  {t.needs
                    .map(
                      (n) =>
                        `${n.needed} × ${typeName(n.dutyTypeId)}${n.optional ? ' (can run without)' : ''}${n.allowsSecondDuty === true ? ' (a second duty that day allowed)' : ''}`,
                    )
                    .join(', ')}{' '}
                  <DeleteButton name={t.name} onDelete={() => remove.mutate({ kind: 'templates', id: t.id })} />
                </li>
              ))}
            </ul>
            <form
              onSubmit={submit(
                'templates',
                {
                  name: template.name,
                  needs: Object.entries(template.needs)
                    .filter(([, n]) => n.needed !== '' && n.needed !== '0')
                    .map(([dutyTypeId, n]) => ({ dutyTypeId, needed: Number(n.needed), optional: n.optional, allowsSecondDuty: n.allowsSecondDuty })),
                },
                () => setTemplate({ name: '', needs: {} }),
              )}
            >
              <InputField id="template-name" label="Template name (kind of event)" required {...stateField(template, setTemplate, 'name')} />
              {data.dutyTypes.length === 0 && <p className="adm-muted">Add duty types first.</p>}
              {data.dutyTypes.map((t) => {
                const need = template.needs[t.id] ?? { needed: '', optional: false, allowsSecondDuty: false };
                const set = (next: Partial<typeof need>) => setTemplate({ ...template, needs: { ...template.needs, [t.id]: { ...need, ...next } } });
                return (
                  <div key={t.id} className="adm-template-need">
                    <Field id={`need-${t.id}`} label={`How many ${t.name}`}>
                      <input id={`need-${t.id}`} className="input" inputMode="numeric" value={need.needed} onChange={(e) => set({ needed: e.target.value })} />
                    </Field>
                    <Checkbox
                      id={`need-optional-${t.id}`}
                      label={`The event can run without ${t.name}`}
                      checked={need.optional}
                      onChange={(optional) => set({ optional })}
                    />
                    <Checkbox
                      id={`need-second-${t.id}`}
                      label={`Someone on ${t.name} may have a second duty that day`}
                      checked={need.allowsSecondDuty}
                      onChange={(allowsSecondDuty) => set({ allowsSecondDuty })}
                    />
                  </div>
                );
              })}
              <Button type="submit" disabled={save.isPending}>
                Add template
              </Button>
            </form>
          </section>
        </div>
      )}
    </>
  );
}

/** A list row's Delete button, its accessible name saying what it deletes. */
function DeleteButton({ name, onDelete }: { name: string; onDelete: () => void }) {
  return (
    <Button variant="ghost" size="small" aria-label={`Delete ${name}`} onClick={onDelete}>
      Delete
    </Button>
  );
}
