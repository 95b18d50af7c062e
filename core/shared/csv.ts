/**
 * A cell quoted per RFC 4180. Text starting with = + - @ (or a tab or carriage return) would be
 * run as a formula by spreadsheet programs, so it is prefixed with an apostrophe: a member
 * cannot plant a formula in an admin's spreadsheet through the booking form. Text that already
 * starts with an apostrophe gets one too, so the prefix can always be told from the text
 * (spreadsheets hide the first apostrophe and show the rest as typed).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r']/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
