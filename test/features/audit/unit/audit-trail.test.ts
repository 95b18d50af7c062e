import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryAuditLog } from '../../../../adapters/memory/memory-audit-log';
import { SequentialIdGenerator } from '../../../../adapters/memory/sequential-id-generator';
import { recordChange, type AuditedRecord } from '../../../../core/audit/audit-trail';

interface Boat {
  sailNumber: string;
  name: string;
  crew: string[];
  notes?: string;
}

/** A made-up kind of record, named by a field other than id, with one field left out of the log. */
const AUDITED_BOAT: AuditedRecord<Boat> = { recordType: 'event', idOf: (boat) => boat.sailNumber, fields: ['name', 'crew'] };
const admin = { uid: 'a1', email: 'sec@club.example' };

function trail() {
  return { audit: new MemoryAuditLog(), ids: new SequentialIdGenerator('audit'), clock: new FixedClock('2026-06-01T09:00:00.000Z') };
}

describe("recordChange: an admin's change of one record in the audit log, field by field", () => {
  it('names the record by its kind, and lists the audited fields that changed, lists as text', async () => {
    const deps = trail();
    const before: Boat = { sailNumber: 'GBR 12', name: 'Puffin', crew: ['Ann'], notes: 'old' };
    const after: Boat = { ...before, crew: ['Ann', 'Bob'], notes: 'new' };
    await recordChange(deps, admin, AUDITED_BOAT, { action: 'boat.updated', summary: 'Changed the boat Puffin', before, after });
    expect(await deps.audit.list({ limit: 10 })).toEqual([
      {
        id: 'audit-000001',
        at: '2026-06-01T09:00:00.000Z',
        actor: { kind: 'admin', uid: 'a1', email: 'sec@club.example' },
        action: 'boat.updated',
        recordType: 'event',
        recordId: 'GBR 12',
        summary: 'Changed the boat Puffin',
        changes: [{ field: 'crew', before: 'Ann', after: 'Ann,Bob' }],
      },
    ]);
  });

  it('names a new record by what it became and a deleted one by what it was; every field changes', async () => {
    const deps = trail();
    const boat: Boat = { sailNumber: 'GBR 7', name: 'Tern', crew: [] };
    await recordChange(deps, admin, AUDITED_BOAT, { action: 'boat.created', summary: 'Added', before: null, after: boat });
    await recordChange(deps, admin, AUDITED_BOAT, { action: 'boat.deleted', summary: 'Deleted', before: boat, after: null });
    const entries = await deps.audit.list({ limit: 10 });
    const byAction = Object.fromEntries(entries.map((e) => [e.action, { recordId: e.recordId, changes: e.changes }]));
    expect(byAction).toEqual({
      'boat.created': {
        recordId: 'GBR 7',
        changes: [
          { field: 'name', before: null, after: 'Tern' },
          { field: 'crew', before: null, after: '' },
        ],
      },
      'boat.deleted': {
        recordId: 'GBR 7',
        changes: [
          { field: 'name', before: 'Tern', after: null },
          { field: 'crew', before: '', after: null },
        ],
      },
    });
  });
});
