import ICAL from 'ical.js';

// Reads an iCalendar text with a real parser (ical.js) after checking what RFC 5545 requires of
// it and ical.js itself does not insist on. Throws on the first problem, naming it. No test
// framework here, so unit and API tests (and any script) may use it.

const STATUSES = new Set(['TENTATIVE', 'CONFIRMED', 'CANCELLED']);

function fail(problem: string): never {
  throw new Error(`Not a valid iCalendar text: ${problem}`);
}

function once(component: ICAL.Component, name: string): ICAL.Property {
  const found = component.getAllProperties(name);
  if (found.length !== 1) fail(`${component.name} has ${found.length} ${name.toUpperCase()} properties, not one`);
  return found[0];
}

/** The VCALENDAR of a valid iCalendar text. */
export function readFeed(text: string): ICAL.Component {
  if (!text.endsWith('\r\n')) fail('it does not end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    if (line.includes('\n') || line.includes('\r')) fail('a line break that is not CRLF');
    if (Buffer.byteLength(line, 'utf8') > 75) fail(`a line longer than 75 octets: ${line}`);
  }
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') fail('it is not one VCALENDAR');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    fail(`ical.js cannot parse it (${String(error)})`);
  }
  if (calendar.name !== 'vcalendar') fail(`its component is ${calendar.name}`);
  if (once(calendar, 'version').getFirstValue() !== '2.0') fail('VERSION is not 2.0');
  if (String(once(calendar, 'prodid').getFirstValue()).trim() === '') fail('PRODID is empty');
  const uids = new Set<string>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(once(vevent, 'uid').getFirstValue());
    if (uid.trim() === '') fail('a VEVENT has an empty UID');
    if (uids.has(uid)) fail(`UID ${uid} is given twice`);
    uids.add(uid);
    once(vevent, 'dtstamp');
    const start = once(vevent, 'dtstart').getFirstValue() as ICAL.Time;
    const ends = vevent.getAllProperties('dtend');
    if (ends.length > 1) fail(`${uid} has several DTEND`);
    if (ends.length === 1) {
      const end = ends[0].getFirstValue() as ICAL.Time;
      if (end.isDate !== start.isDate) fail(`${uid} mixes a DATE and a DATE-TIME`);
      if (end.compare(start) <= 0) fail(`${uid} ends before it starts`);
    }
    const sequence = vevent.getAllProperties('sequence');
    if (sequence.length > 1 || (sequence.length === 1 && !(Number(sequence[0].getFirstValue()) >= 0))) fail(`${uid} has a bad SEQUENCE`);
    const status = vevent.getFirstPropertyValue('status');
    if (status !== null && !STATUSES.has(String(status))) fail(`${uid} has STATUS ${String(status)}`);
  }
  return calendar;
}

/** The calendar's events, in the order the text gives them. */
export function vevents(calendar: ICAL.Component): ICAL.Event[] {
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}
