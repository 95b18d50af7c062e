import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import type { DutyTemplate, DutyType, Qualification } from './duties';
import { DutyTemplateFormSchema, DutyTypeFormSchema, QualificationFormSchema, type DutyCatalogue } from './duty-forms';
import type { DutyCatalogueChange, DutyCatalogueKind, DutyCatalogueRecords, DutyRepository, StoredDutyCatalogue } from './duty-repository.port';

export interface ManageDutyCatalogueDeps extends AuditTrailDeps {
  duties: DutyRepository;
  ids: IdGenerator;
}

const WHAT: Record<DutyCatalogueKind, string> = { qualifications: 'qualification', dutyTypes: 'duty type', templates: 'template' };

/**
 * The Duties screen: admins with duties:write keep the qualifications, the duty types (and the
 * qualifications each needs) and the templates per kind of event. Names are unique within their
 * kind, whatever their case; what is in use elsewhere in the catalogue cannot be deleted. Each
 * save or delete is decided and stored in one atomic change of the stored catalogue, so two
 * admins at once cannot leave a duty type needing a deleted qualification, nor two of one name.
 */
export class ManageDutyCatalogue extends UseCase<ManageDutyCatalogueDeps> {
  async list(admin: Admin): Promise<DutyCatalogue> {
    requirePermission(admin, 'duties.read');
    return this.catalogue();
  }

  async saveQualification(admin: Admin, id: string | null, form: unknown): Promise<Qualification> {
    const values = permittedInput(admin, 'duties.write', QualificationFormSchema, form);
    return this.save(admin, 'qualifications', id, values);
  }

  async saveDutyType(admin: Admin, id: string | null, form: unknown): Promise<DutyType> {
    const values = permittedInput(admin, 'duties.write', DutyTypeFormSchema, form);
    return this.save(admin, 'dutyTypes', id, { ...values, qualificationIds: [...new Set(values.qualificationIds)] }, ({ qualifications }) => {
      const unknown = values.qualificationIds.filter((q) => !qualifications.some((known) => known.id === q));
      if (unknown.length > 0) throw new ValidationError('Choose qualifications from the list', { qualificationIds: 'Choose qualifications from the list' });
    });
  }

  async saveTemplate(admin: Admin, id: string | null, form: unknown): Promise<DutyTemplate> {
    const values = permittedInput(admin, 'duties.write', DutyTemplateFormSchema, form);
    if (new Set(values.needs.map((need) => need.dutyTypeId)).size !== values.needs.length)
      throw new ValidationError('Give each duty type once, with how many it needs', { needs: 'Give each duty type once, with how many it needs' });
    return this.save(admin, 'templates', id, values, ({ dutyTypes }) => {
      if (values.needs.some((need) => !dutyTypes.some((type) => type.id === need.dutyTypeId)))
        throw new ValidationError('Choose duty types from the list', { needs: 'Choose duty types from the list' });
    });
  }

  async delete(admin: Admin, kind: DutyCatalogueKind, id: string): Promise<void> {
    requirePermission(admin, 'duties.write');
    // What the change found, in its last run (a change may run again: see changeCatalogue).
    const found: { record?: { id: string; name: string } } = {};
    await this.deps.duties.changeCatalogue((catalogue) => {
      const record = (catalogue[kind] as { id: string; name: string }[] | undefined)?.find((r) => r.id === id);
      if (!record) throw new NotFoundError(`No such ${WHAT[kind]}`);
      found.record = record;
      const user =
        kind === 'qualifications'
          ? catalogue.dutyTypes.find((type) => type.qualificationIds.includes(id))
          : kind === 'dutyTypes'
            ? catalogue.templates.find((template) => template.needs.some((need) => need.dutyTypeId === id))
            : undefined;
      if (user) throw new ConflictError(`${record.name} is used by ${user.name}: change that first`);
      return { kind, delete: id };
    });
    const { record } = found;
    if (!record) throw new NotFoundError(`No such ${WHAT[kind]}`);
    await recordAdminAction(this.deps, admin, {
      action: `duty.${WHAT[kind].replace(' ', '-')}-deleted`,
      recordType: 'duty',
      recordId: id,
      summary: `Deleted the ${WHAT[kind]} ${record.name}`,
      before: { name: record.name },
      after: { name: null },
    });
  }

  private async catalogue(): Promise<DutyCatalogue> {
    const [qualifications, dutyTypes, templates] = await Promise.all([
      this.deps.duties.listCatalogue('qualifications'),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.duties.listCatalogue('templates'),
    ]);
    return { qualifications, dutyTypes, templates };
  }

  private async save<K extends DutyCatalogueKind>(
    admin: Admin,
    kind: K,
    id: string | null,
    values: Omit<DutyCatalogueRecords[K], 'id'>,
    check: (catalogue: StoredDutyCatalogue) => void = () => undefined,
  ): Promise<DutyCatalogueRecords[K]> {
    const name = (values as { name: string }).name;
    // What the change decided, in its last run (a change may run again: see changeCatalogue).
    const decided: { before: DutyCatalogueRecords[K] | null; record: DutyCatalogueRecords[K] | null } = { before: null, record: null };
    let newId: string | null = null;
    await this.deps.duties.changeCatalogue((catalogue) => {
      check(catalogue);
      const stored = catalogue[kind] as DutyCatalogueRecords[K][];
      const found = id === null ? null : stored.find((r) => r.id === id);
      if (found === undefined) throw new NotFoundError(`No such ${WHAT[kind]}`);
      if (stored.some((r) => r.id !== id && r.name.toLowerCase() === name.toLowerCase())) {
        throw new ConflictError(`There is already a ${WHAT[kind]} named ${name}`);
      }
      newId ??= id ?? this.deps.ids.next();
      decided.before = found;
      decided.record = { ...values, id: newId } as DutyCatalogueRecords[K];
      return { kind, save: decided.record } as DutyCatalogueChange;
    });
    const { before, record } = decided;
    if (!record) throw new NotFoundError(`No such ${WHAT[kind]}`);
    await recordAdminAction(this.deps, admin, {
      action: `duty.${WHAT[kind].replace(' ', '-')}-${before ? 'updated' : 'created'}`,
      recordType: 'duty',
      recordId: record.id,
      summary: `${before ? 'Changed' : 'Added'} the ${WHAT[kind]} ${name}`,
      before: { record: before ? JSON.stringify(before) : null },
      after: { record: JSON.stringify(record) },
    });
    return record;
  }
}
