import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { UseCase } from '../shared/use-case';
import type { DutyTemplate, DutyType, Qualification } from './duties';
import { DutyTemplateFormSchema, DutyTypeFormSchema, QualificationFormSchema, type DutyCatalogue } from './duty-forms';
import type { DutyCatalogueKind, DutyCatalogueRecords, DutyRepository } from './duty-repository.port';

export interface ManageDutyCatalogueDeps extends AuditTrailDeps {
  duties: DutyRepository;
  ids: IdGenerator;
}

const WHAT: Record<DutyCatalogueKind, string> = { qualifications: 'qualification', dutyTypes: 'duty type', templates: 'template' };

/**
 * The Duties screen: admins with duties:write keep the qualifications, the duty types (and the
 * qualifications each needs) and the templates per kind of event. Names are unique within their
 * kind, whatever their case; what is in use elsewhere in the catalogue cannot be deleted.
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
    const { qualifications } = await this.catalogue();
    const unknown = values.qualificationIds.filter((q) => !qualifications.some((known) => known.id === q));
    if (unknown.length > 0) throw new ValidationError('Choose qualifications from the list', { qualificationIds: 'Choose qualifications from the list' });
    return this.save(admin, 'dutyTypes', id, { ...values, qualificationIds: [...new Set(values.qualificationIds)] });
  }

  async saveTemplate(admin: Admin, id: string | null, form: unknown): Promise<DutyTemplate> {
    const values = permittedInput(admin, 'duties.write', DutyTemplateFormSchema, form);
    const { dutyTypes } = await this.catalogue();
    if (values.needs.some((need) => !dutyTypes.some((type) => type.id === need.dutyTypeId)))
      throw new ValidationError('Choose duty types from the list', { needs: 'Choose duty types from the list' });
    if (new Set(values.needs.map((need) => need.dutyTypeId)).size !== values.needs.length)
      throw new ValidationError('Give each duty type once, with how many it needs', { needs: 'Give each duty type once, with how many it needs' });
    return this.save(admin, 'templates', id, values);
  }

  async delete(admin: Admin, kind: DutyCatalogueKind, id: string): Promise<void> {
    requirePermission(admin, 'duties.write');
    const catalogue = await this.catalogue();
    const record = (catalogue[kind] as { id: string; name: string }[]).find((r) => r.id === id);
    if (!record) throw new NotFoundError(`No such ${WHAT[kind]}`);
    const user =
      kind === 'qualifications'
        ? catalogue.dutyTypes.find((type) => type.qualificationIds.includes(id))
        : kind === 'dutyTypes'
          ? catalogue.templates.find((template) => template.needs.some((need) => need.dutyTypeId === id))
          : undefined;
    if (user) throw new ConflictError(`${record.name} is used by ${user.name}: change that first`);
    await this.deps.duties.deleteCatalogue(kind, id);
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
  ): Promise<DutyCatalogueRecords[K]> {
    const stored = await this.deps.duties.listCatalogue(kind);
    const before = id === null ? null : stored.find((r) => r.id === id);
    if (before === undefined) throw new NotFoundError(`No such ${WHAT[kind]}`);
    const name = (values as { name: string }).name;
    if (stored.some((r) => r.id !== id && r.name.toLowerCase() === name.toLowerCase())) {
      throw new ConflictError(`There is already a ${WHAT[kind]} named ${name}`);
    }
    const record = { ...values, id: id ?? this.deps.ids.next() } as DutyCatalogueRecords[K];
    await this.deps.duties.saveCatalogue(kind, record);
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
