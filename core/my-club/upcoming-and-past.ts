/**
 * My club's two lists of the member's records (docs/my-club.md): each record beside what it
 * belongs to (its event, its work day; one whose event or work day is gone is left out), shown as
 * `view` says and put in the upcoming or the past list; upcoming soonest first (undated last),
 * past newest first. `start`: a shown record's start in ms, Infinity when not dated.
 */
export function upcomingAndPast<R, P, V>(
  records: readonly R[],
  parentOf: (record: R) => P | undefined,
  view: (record: R, parent: P) => { upcoming: boolean; shown: V },
  start: (shown: V) => number,
): { upcoming: V[]; past: V[] } {
  const upcoming: V[] = [];
  const past: V[] = [];
  for (const record of records) {
    const parent = parentOf(record);
    if (parent === undefined) continue;
    const { upcoming: isUpcoming, shown } = view(record, parent);
    (isUpcoming ? upcoming : past).push(shown);
  }
  // Two undated records (Infinity less Infinity) keep their order.
  upcoming.sort((a, b) => start(a) - start(b) || 0);
  past.sort((a, b) => start(b) - start(a) || 0);
  return { upcoming, past };
}
