import { readCsvUpload } from '../water-levels/water-level-csv';
import type { MemberRepository } from './member-repository.port';
import { checkMemberRows, MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE, planMemberImport, type MemberImportDecision } from './member-import';

export interface MemberImportDeps {
  members: MemberRepository;
  /** The membership categories, which the file's membership types are checked against (a warning only). */
  membership: { listCategories(): Promise<readonly { name: string }[]> };
}

/**
 * Reads and checks a CSV file of members against the stored list: the preview's answer, and what
 * the import asks again when the admin confirms (the preview is never trusted). The file is read
 * as the water-level import reads it (UTF-8, commas, quoted cells, blank lines ignored).
 */
export async function checkMemberCsv(deps: MemberImportDeps, file: string | Uint8Array): Promise<MemberImportDecision> {
  const read = readCsvUpload(file, MAX_MEMBER_CSV_BYTES, MEMBER_CSV_TOO_LARGE_MESSAGE);
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  const checked = checkMemberRows(read.rows);
  if (checked.problems.length > 0) return { ok: false, problems: checked.problems };
  const [stored, categories] = await Promise.all([deps.members.list(), deps.membership.listCategories()]);
  return { ok: true, members: checked.members, plan: planMemberImport(checked.members, stored, categories), stored };
}
