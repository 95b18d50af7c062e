/**
 * `npm run migrate-storage -- --from sqlite --to firestore`: copies everything the app stores from
 * the SQLite database in DATA_DIR to Firestore (FIRESTORE_PROJECT_ID, with the credentials of
 * GOOGLE_APPLICATION_CREDENTIALS, or the emulator of FIRESTORE_EMULATOR_HOST), then prints how
 * many records each collection had, how many were copied and how many Firestore now holds.
 * Stop the server first, so that nothing is written to SQLite during the copy.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import type { Knex } from 'knex';
import { z } from 'zod';
import { closeFirestore, countFirestoreDocuments, firestoreRepositories, openFirestore } from '../adapters/firestore/firestore-storage';
import type { FirestoreDataCollectionName } from '../adapters/firestore/firestore-collections';
import { SqliteMembershipRepository } from '../adapters/sqlite/sqlite-membership-repository';
import { SqliteMembershipOrderRepository } from '../adapters/sqlite/sqlite-membership-order-repository';
import { SqliteMembershipApplicationRepository } from '../adapters/sqlite/sqlite-membership-application-repository';
import { grantPhasePermissions } from '../adapters/firestore/firestore-permission-grants';
import { SqliteAdminRepository } from '../adapters/sqlite/sqlite-admin-repository';
import { SqliteBookingRepository } from '../adapters/sqlite/sqlite-booking-repository';
import { SqliteCampaignRepository } from '../adapters/sqlite/sqlite-campaign-repository';
import { SqliteCredentialRepository } from '../adapters/sqlite/sqlite-credential-repository';
import { openSqliteDatabase } from '../adapters/sqlite/sqlite-database';
import { SqliteDocumentRepository } from '../adapters/sqlite/sqlite-document-repository';
import { SqliteEventRepository } from '../adapters/sqlite/sqlite-event-repository';
import { SqliteSessionRepository } from '../adapters/sqlite/sqlite-session-repository';
import { SqliteWaterLevelRepository } from '../adapters/sqlite/sqlite-water-level-repository';
import { SqliteSitePageRepository } from '../adapters/sqlite/sqlite-site-page-repository';
import { SqliteHouseholdRepository } from '../adapters/sqlite/sqlite-household-repository';
import { SqliteMemberRepository } from '../adapters/sqlite/sqlite-member-repository';
import { SqlitePhotoRepository } from '../adapters/sqlite/sqlite-photo-repository';
import { SqliteWorkDayRepository } from '../adapters/sqlite/sqlite-work-day-repository';
import { SqliteDutyRepository } from '../adapters/sqlite/sqlite-duty-repository';
import { SqliteDutySwapRepository } from '../adapters/sqlite/sqlite-duty-swap-repository';
import { SqliteAttendanceStore } from '../adapters/sqlite/sqlite-attendance-store';
import { DUTY_KINDS } from '../adapters/duty-records';
import { ConfigError, loadConfig } from '../server/config';
import { DirectoryFileStore } from '../adapters/system/directory-file-store';
import type { FileStore } from '../core/shared/file-store.port';
import { DATABASE_FILE_NAME } from '../server/container';
import { CONSOLE_OUTPUT, type CommandOutput } from './command-output';

/** Where the server keeps files, inside DATA_DIR. */
export const FILES_FOLDER = 'files';

/** A problem the person running the command can fix; printed without a stack trace. */
export class MigrationError extends Error {}

export const USAGE = 'Usage: npm run migrate-storage -- --from sqlite --to firestore';

/** Per collection: records in the source, records copied, documents in the target afterwards. */
export type MigrationReport = Record<FirestoreDataCollectionName, { source: number; copied: number; target: number }>;

/** Every ISO date sorts between these, so one range read returns every water-level reading. */
const ALL_DATES = { from: '0000-01-01', to: '9999-12-31' } as const;

/**
 * Copies every record of the SQLite database into empty Firestore collections, through the
 * repositories of both sides, so each record is validated on the way out and stored exactly as
 * the Firestore adapters store it. Refuses a target that already holds data: copying twice would
 * otherwise mix two databases.
 */
export async function copySqliteToFirestore(
  sqlite: Knex,
  target: { db: Firestore; collectionPrefix?: string },
  now: Date,
  /** The files beside the database (DATA_DIR/files): the server's DirectoryFileStore. */
  sourceFiles: FileStore,
): Promise<MigrationReport> {
  const options = { collectionPrefix: target.collectionPrefix ?? '' };
  const before = await countFirestoreDocuments(target.db, options);
  const occupied = Object.entries(before).filter(([, n]) => n > 0);
  if (occupied.length > 0) {
    throw new MigrationError(
      `Firestore already holds data (${occupied.map(([name, n]) => `${options.collectionPrefix}${name}: ${n}`).join(', ')}). ` +
        'Copy into empty collections: delete them first, or choose another FIRESTORE_COLLECTION_PREFIX.',
    );
  }

  const to = firestoreRepositories(target.db, options);
  const from = {
    events: new SqliteEventRepository(sqlite),
    bookings: new SqliteBookingRepository(sqlite),
    admins: new SqliteAdminRepository(sqlite),
    credentials: new SqliteCredentialRepository(sqlite),
    sessions: new SqliteSessionRepository(sqlite),
    workDays: new SqliteWorkDayRepository(sqlite),
    documents: new SqliteDocumentRepository(sqlite),
    campaigns: new SqliteCampaignRepository(sqlite),
    waterLevels: new SqliteWaterLevelRepository(sqlite),
  };
  const source: Record<FirestoreDataCollectionName, number> = { ...before };
  const copied: Record<FirestoreDataCollectionName, number> = { ...before };

  const events = await from.events.list({ order: 'asc' });
  source.events = events.length;
  for (const event of events) await to.events.create(event);
  copied.events = events.length;
  // A series after its dates (copied above, each naming it): the series alone, with no event.
  const series = await from.events.listSeries();
  source.eventSeries = series.length;
  for (const one of series) await to.events.createSeries(one, []);
  copied.eventSeries = series.length;

  const bookings = await from.bookings.listAll();
  source.bookings = bookings.length;
  // No capacity: these bookings were accepted already, and are copied as they are.
  for (const booking of bookings) await to.bookings.addIfPlacesRemain(booking, { capacity: null, now });
  copied.bookings = bookings.length;

  // SQLite's migrations gave the phases' permissions already: mark them given (on no admins yet),
  // so the server's first start on Firestore does not give back one an admin had taken away.
  await grantPhasePermissions(target.db, options);
  const admins = await from.admins.list();
  source.admins = admins.length;
  for (const admin of admins) await to.admins.create(admin);
  copied.admins = admins.length;

  // Credentials, sessions and failed sign-ins have no "list all" in their ports (the app never
  // needs one), so their keys are read from the tables and each record through the repository.
  const credentialIds = await sqlite('credentials').select('uid').orderBy('uid');
  source.credentials = credentialIds.length;
  copied.credentials = 0;
  for (const { uid } of credentialIds) {
    const credential = await from.credentials.getByUid(String(uid));
    if (!credential) throw new MigrationError(`Credential ${uid} disappeared during the copy: stop the server and run again.`);
    await to.credentials.create(credential);
    copied.credentials += 1;
  }

  const sessionIds = await sqlite('sessions').select('tokenHash').orderBy('tokenHash');
  source.sessions = sessionIds.length;
  copied.sessions = 0;
  for (const { tokenHash } of sessionIds) {
    const session = await from.sessions.get(String(tokenHash));
    if (!session) throw new MigrationError('A session disappeared during the copy: stop the server and run again.');
    await to.sessions.create(session);
    copied.sessions += 1;
  }

  const failures = z
    .array(z.object({ key: z.string().min(1), atMs: z.coerce.number().int() }))
    .parse(await sqlite('login_failures').select('key', 'atMs').orderBy('id'));
  source.loginFailures = failures.length;
  for (const failure of failures) await to.loginAttempts.recordFailure([failure.key], new Date(failure.atMs));
  copied.loginFailures = failures.length;

  const workDays = await from.workDays.list();
  source.workDays = workDays.length;
  source.workDaySignups = 0;
  copied.workDaySignups = 0;
  for (const workDay of workDays) await to.workDays.create(workDay);
  copied.workDays = workDays.length;
  for (const workDay of workDays) {
    const signups = await from.workDays.listSignups(workDay.id);
    source.workDaySignups += signups.length;
    for (const signup of signups) {
      await to.workDays.addSignup(signup);
      copied.workDaySignups += 1;
    }
  }

  // Every file (documents' PDFs, photos) under its own key first, then the records pointing at them.
  const fileKeys = await sourceFiles.list();
  source.files = fileKeys.length;
  copied.files = 0;
  for (const key of fileKeys) {
    const bytes = await sourceFiles.get(key);
    if (!bytes) throw new MigrationError(`The file ${key} disappeared during the copy: stop the server and run again.`);
    await to.files.put(key, bytes);
    copied.files += 1;
  }

  const documents = await from.documents.list();
  source.documents = documents.length;
  copied.documents = 0;
  for (const document of documents) {
    const stored = await from.documents.getStored(document.id);
    if (!stored) throw new MigrationError(`Document ${document.id} disappeared during the copy: stop the server and run again.`);
    if (!fileKeys.includes(stored.fileKey))
      throw new MigrationError(`The file of document ${document.id} (${stored.fileKey}) is missing from ${FILES_FOLDER}.`);
    await to.documents.put(stored.document, stored.fileKey);
    copied.documents += 1;
  }

  // Imported campaigns as they are (their text too); news items written in the app with their Markdown, drafts too.
  const imported = await from.campaigns.listImportedCampaigns();
  const newsItems = await from.campaigns.listNewsItems();
  source.campaigns = imported.length + newsItems.length;
  for (const campaign of imported) await to.campaigns.put(campaign);
  for (const item of newsItems) await to.campaigns.saveNewsItem(item);
  copied.campaigns = imported.length + newsItems.length;

  const readings = await from.waterLevels.readings(ALL_DATES.from, ALL_DATES.to);
  source.waterLevels = readings.length;
  // In parts: each putMany is one atomic write, and Firestore's has a size limit.
  for (let start = 0; start < readings.length; start += 4000) await to.waterLevels.putMany(readings.slice(start, start + 4000));
  copied.waterLevels = readings.length;

  // The photos' records; their copies are files, copied with the file store's other files.
  const photos = await new SqlitePhotoRepository(sqlite).list();
  source.photos = photos.length;
  for (const photo of photos) await to.photos.create(photo);
  copied.photos = photos.length;

  // The pages admins edited, with their Markdown; a page never edited has no record on either side.
  const sitePages = await new SqliteSitePageRepository(sqlite).list();
  source.sitePages = sitePages.length;
  for (const page of sitePages) await to.sitePages.save(page);
  copied.sitePages = sitePages.length;

  // Membership categories (withdrawn ones too) and the settings, once saved (never saved: none on either side).
  const membership = new SqliteMembershipRepository(sqlite);
  const categories = await membership.listCategories();
  source.membershipCategories = categories.length;
  for (const category of categories) await to.membership.createCategory(category);
  copied.membershipCategories = categories.length;
  const membershipSettings = await membership.getSettings();
  source.membershipSettings = membershipSettings === null ? 0 : 1;
  if (membershipSettings !== null) await to.membership.saveSettings(membershipSettings);
  copied.membershipSettings = source.membershipSettings;
  // Membership orders as they stand (open, paid with their payment, refunded, cancelled).
  const orders = new SqliteMembershipOrderRepository(sqlite);
  await copyById(sqlite, { table: 'membership_orders', name: 'membershipOrders', what: 'Membership order' }, source, copied, {
    get: (id) => orders.get(id),
    put: (order) => to.membershipOrders.create(order),
  });
  // Applications to join, whatever their state (an expiry or a late webhook on the copy finds them).
  const applications = await new SqliteMembershipApplicationRepository(sqlite).list();
  source.membershipApplications = applications.length;
  for (const application of applications) await to.membershipApplications.create(application);
  copied.membershipApplications = applications.length;

  // The households, one by one: their people (keyed by the household's id), then their members in
  // the order they joined and the contact, then the contact's invitations waiting (oldest first),
  // so an invited member can still accept after the move. Firestore keeps one document per
  // household, so households are what is counted on both sides.
  const withPeople: { memberId: unknown }[] = await sqlite('household_people').distinct('memberId');
  const withMembers: { householdId: unknown }[] = await sqlite('household_members').distinct('householdId');
  const withInvitations: { householdId: unknown }[] = await sqlite('household_invitations').distinct('householdId');
  const householdIds = [
    ...new Set([
      ...withPeople.map((row) => String(row.memberId)),
      ...withMembers.map((row) => String(row.householdId)),
      ...withInvitations.map((row) => String(row.householdId)),
    ]),
  ].sort();
  const households = new SqliteHouseholdRepository(sqlite);
  source.households = householdIds.length;
  copied.households = 0;
  for (const householdId of householdIds) {
    const people = await households.listForMember(householdId);
    for (const person of people) await to.households.add(person, Number.MAX_SAFE_INTEGER);
    const householdMembersOf = await households.membersOf(householdId);
    for (const m of householdMembersOf) await to.households.join({ householdId, memberId: m.memberId, at: m.joinedAt }, Number.MAX_SAFE_INTEGER);
    const contact = householdMembersOf.find((m) => m.contact);
    if (contact) await to.households.setContact(householdId, contact.memberId);
    const invitations = await households.invitationsOf(householdId);
    for (const invitation of invitations) await to.households.addInvitation(invitation, Number.MAX_SAFE_INTEGER);
    if (people.length > 0 || householdMembersOf.length > 0 || invitations.length > 0) copied.households += 1;
  }
  // The club's member list, in one all-or-nothing write.
  const members = await new SqliteMemberRepository(sqlite).list();
  source.members = members.length;
  await to.members.importMembers(members);
  copied.members = members.length;

  await copyDuties(sqlite, to, source, copied);

  // Check-in: every booking's attendance as it stands, its version too (the mark keys applied are
  // working state: a mark sent again after the copy is a conflict, never applied twice).
  const attendanceIds: { bookingId: unknown }[] = await sqlite('attendance').select('bookingId').orderBy('bookingId');
  const attendance = [...(await new SqliteAttendanceStore(sqlite).getMany(attendanceIds.map((row) => String(row.bookingId)))).values()];
  source.attendance = attendanceIds.length;
  await to.attendance.restore(attendance);
  copied.attendance = attendance.length;
  // The officer's walk-ins still held (a removed or erased one has no details left to copy), each
  // with its afloat mark, under the id the officer's device made.
  const walkInEvents: { eventId: unknown }[] = await sqlite('walk_ins').distinct('eventId').whereNotNull('value').orderBy('eventId');
  const walkIns = await new SqliteAttendanceStore(sqlite).listWalkIns(walkInEvents.map((row) => String(row.eventId)));
  for (const walkIn of walkIns) await to.attendance.addWalkIn(walkIn);

  const after = await countFirestoreDocuments(target.db, options);
  return Object.fromEntries(
    (Object.keys(after) as FirestoreDataCollectionName[]).map((name) => [name, { source: source[name], copied: copied[name], target: after[name] }]),
  ) as MigrationReport;
}

/**
 * The duty rosters: the catalogue, members' qualifications, every slot with its holders (each
 * assignment made again through the repository, in the order they were made, so each member's
 * list of duties is built as the app builds it), and the swap requests as they stand.
 */
async function copyDuties(
  sqlite: Knex,
  to: ReturnType<typeof firestoreRepositories>,
  source: Record<FirestoreDataCollectionName, number>,
  copied: Record<FirestoreDataCollectionName, number>,
): Promise<void> {
  const duties = new SqliteDutyRepository(sqlite);
  source.dutyCatalogue = 0;
  copied.dutyCatalogue = 0;
  for (const kind of DUTY_KINDS) {
    const records = await duties.listCatalogue(kind);
    source.dutyCatalogue += records.length;
    for (const record of records) await to.duties.saveCatalogue(kind, record);
    copied.dutyCatalogue += records.length;
  }

  const qualifications = await duties.listMemberQualifications();
  source.memberQualifications = qualifications.length;
  // In parts: each put is one all-or-nothing commit, and a commit takes at most 500 writes.
  for (let start = 0; start < qualifications.length; start += 400) await to.duties.putMemberQualifications(qualifications.slice(start, start + 400));
  copied.memberQualifications = qualifications.length;

  // Every slot, its event's or not (read by the events the table names).
  const slotEvents: { eventId: unknown }[] = await sqlite('duty_slots').distinct('eventId').orderBy('eventId');
  const slots = await duties.listSlotsOfEvents(slotEvents.map((row) => String(row.eventId)));
  source.dutySlots = slots.length;
  for (let start = 0; start < slots.length; start += 400)
    await to.duties.addSlots(slots.slice(start, start + 400).map(({ holders: _holders, ...slot }) => slot));
  const assignments = slots.flatMap((slot) => slot.holders).sort((a, b) => a.assignedAt.localeCompare(b.assignedAt) || a.slotId.localeCompare(b.slotId));
  // A member disabled after holding a duty keeps their past duties on the record (docs/duties.md),
  // but the storage refuses a new assignment to a disabled member: in the copy such holders are
  // enabled while their duties are copied, then disabled again, as they were.
  const holders = await Promise.all([...new Set(assignments.map((a) => a.memberId))].map((id) => to.members.get(id)));
  const disabledHolders = holders.filter((member) => member !== null && member.disabled);
  for (const member of disabledHolders) await to.members.update({ ...member!, disabled: false });
  for (const assignment of assignments) await to.duties.assign(assignment);
  for (const member of disabledHolders) await to.members.update(member!);
  copied.dutySlots = slots.length;

  const swaps = new SqliteDutySwapRepository(sqlite);
  await copyById(sqlite, { table: 'duty_swaps', name: 'dutySwaps', what: 'Duty swap' }, source, copied, {
    get: (id) => swaps.get(id),
    put: (swap) => to.dutySwaps.create(swap),
  });
}

/**
 * Copies the records of a port with no "list all" (duty swaps, membership orders): their ids read
 * from the table, each record through the source repository and written through the target's.
 */
async function copyById<T>(
  sqlite: Knex,
  records: { table: string; name: FirestoreDataCollectionName; what: string },
  source: Record<FirestoreDataCollectionName, number>,
  copied: Record<FirestoreDataCollectionName, number>,
  port: { get(id: string): Promise<T | null>; put(record: T): Promise<void> },
): Promise<void> {
  const ids: { id: unknown }[] = await sqlite(records.table).select('id').orderBy('id');
  source[records.name] = ids.length;
  copied[records.name] = 0;
  for (const { id } of ids) {
    const record = await port.get(String(id));
    if (!record) throw new MigrationError(`${records.what} ${String(id)} disappeared during the copy: stop the server and run again.`);
    await port.put(record);
    copied[records.name] += 1;
  }
}

/** The report as a table, one line per collection. */
export function formatReport(report: MigrationReport): string {
  const rows = Object.entries(report).map(([name, r]) => [name, String(r.source), String(r.copied), String(r.target)]);
  const header = ['collection', 'in SQLite', 'copied', 'in Firestore'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/**
 * The server's own reading of the settings, as if it ran with STORAGE=firestore: the same
 * FIRESTORE_* keys and checks, and the same DATA_DIR (so both use the same SQLite file).
 */
function settingsFromEnv(env: Record<string, string | undefined>) {
  const config = loadConfig({ ...env, STORAGE: 'firestore' });
  return { firestore: config.firestore!, dataDir: config.dataDir };
}

/** Runs the command; returns the report, or throws MigrationError / ConfigError with a clear message. */
export async function migrateStorage(args: string[], env: Record<string, string | undefined> = process.env): Promise<MigrationReport> {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new MigrationError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.from !== 'sqlite' || values.to !== 'firestore') {
    throw new MigrationError(`Only copying from SQLite to Firestore is supported.\n${USAGE}`);
  }
  const settings = settingsFromEnv(env);
  const file = join(settings.dataDir, DATABASE_FILE_NAME);
  // Opening a missing file would create an empty database and "copy" nothing.
  if (!existsSync(file)) {
    throw new MigrationError(`No SQLite database at ${file}: set DATA_DIR to the folder the server uses (now "${settings.dataDir}").`);
  }
  const sqlite = await openSqliteDatabase(file);
  const db = openFirestore({
    projectId: settings.firestore.projectId,
    ...(settings.firestore.credentialsFile ? { credentialsFile: settings.firestore.credentialsFile } : {}),
  });
  try {
    return await copySqliteToFirestore(
      sqlite,
      { db, collectionPrefix: settings.firestore.collectionPrefix },
      new Date(),
      new DirectoryFileStore(join(settings.dataDir, FILES_FOLDER)),
    );
  } finally {
    await closeFirestore(db).catch(() => undefined);
    await sqlite.destroy();
  }
}

/**
 * The command itself: what it prints (`print.out`, `print.err`) and its exit code. main() runs it
 * for the command line; tests run it in their own process.
 */
export async function runMigrateStorage(args: string[], env: Record<string, string | undefined>, print: CommandOutput): Promise<number> {
  try {
    const report = await migrateStorage(args, env);
    print.out(formatReport(report));
    const short = Object.entries(report).filter(([, r]) => r.source !== r.copied || r.copied !== r.target);
    if (short.length > 0) {
      print.err(`Counts differ for: ${short.map(([name]) => name).join(', ')}`);
      return 1;
    }
    print.out('Every record was copied.');
    return 0;
  } catch (error) {
    if (error instanceof MigrationError || error instanceof ConfigError) print.err(error.message);
    else print.err(`Copying failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function main(): Promise<void> {
  process.exitCode = await runMigrateStorage(process.argv.slice(2), process.env, CONSOLE_OUTPUT);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
