import { SEARCH_INDEXES, type SearchIndexName, type SearchRecord } from '../core/search/search-hit';

/**
 * A synthetic archive for the search benchmark: years of events, documents, newsletters and
 * pages written from a sailing-club vocabulary, with Zipf-like word frequencies so that some
 * words match thousands of records and others a handful, as in real text. Deterministic.
 */

/** The most frequent words of English prose: in real text these, not club words, top the ranks. */
const FUNCTION_WORDS = (
  'the of and to a in is for on that with as at by be this are from or will it an was you your we ' +
  'our all have has can not but if they their there which more when about after before please any ' +
  'also one two new up out into over so than then them these time each other some who what would'
).split(/\s+/);

const CLUB_WORDS = (
  'sail sailing race racing regatta dinghy keelboat laser topper wayfarer solo mirror comet merlin ' +
  'rs200 rs400 ilca optimist catamaran tack gybe jib mainsail spinnaker kicker cunningham outhaul ' +
  'halyard sheet rudder tiller centreboard hull mast boom trolley slipway pontoon mooring buoy ' +
  'reservoir dam tower water level wind gust breeze forecast rescue boat rib safety buoyancy aid ' +
  'lifejacket capsize training course instructor beginner junior cadet youth family social ' +
  'barbecue supper dinner bar galley clubhouse committee commodore secretary treasurer bosun ' +
  'membership fees subscription renewal payment invoice handbook constitution rules grievance ' +
  'disciplinary trophy prize series pursuit handicap yardstick results noticeboard rota duty ' +
  'officer marks course start finish line flag signal radio channel vhf emergency coastguard ' +
  'weather winter summer spring autumn frostbite open meeting championship trip slip launch ' +
  'volunteer work day painting repairs maintenance engine fuel tidy hedge gutter locker berth ' +
  'storage tag boatpark visitors guests taster paddleboard kayak canoe swim cold shock hypothermia'
).split(/\s+/);

/** A seeded pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mer', 'tin', 'sa', 'ven', 'dor', 'ri', 'bel', 'cas', 'no', 'ther', 'wyn', 'ash', 'ford', 'ley'];

/**
 * The vocabulary, most frequent first: English function words, then club words, then invented
 * words for the long tail (names of boats, people and places).
 */
function vocabulary(rand: () => number): string[] {
  const words = [...FUNCTION_WORDS, ...CLUB_WORDS];
  const seen = new Set(words);
  while (words.length < 3000) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

export function benchSearchRecords(count: number, seed = 20260601): { index: SearchIndexName; record: SearchRecord }[] {
  const rand = random(seed);
  const words = vocabulary(rand);
  // Zipf (s ≈ 1): word i is drawn with weight 1 / (i + 1).
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < words.length; i++) cumulative.push((total += 1 / (i + 1)));
  const word = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
  const sentence = (n: number) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(word());
    const text = parts.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + '.';
  };
  const title = () => {
    const parts = [word(), word(), word()];
    return parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join(' ');
  };

  const start = Date.parse('2018-01-01T00:00:00Z') / 1000;
  const records: { index: SearchIndexName; record: SearchRecord }[] = [];
  for (let i = 0; i < count; i++) {
    const index = SEARCH_INDEXES[i % SEARCH_INDEXES.length];
    const objectID = `bench-${index}-${i}`;
    const tags = [word(), word()];
    const description = `${sentence(12)} ${sentence(10)}`;
    let record: SearchRecord;
    switch (index) {
      case 'events':
        record = {
          objectID,
          type: 'event',
          category: 'event',
          name: title(),
          description,
          longdescription: `${sentence(20)} ${sentence(25)} ${sentence(15)}`,
          eventDate: start + Math.floor(rand() * 9 * 365 * 86400),
          bookingUrl: `/event-booking?id=${objectID}`,
          tags,
        };
        break;
      case 'documents':
        record = { objectID, type: 'document', category: 'Archive', title: title(), description, downloadUrl: `/api/documents/${objectID}/file`, tags };
        break;
      case 'news':
        record = { objectID, type: 'news', category: 'news', subject: title(), description, tags };
        break;
      default:
        record = { objectID, type: 'page', category: 'help', title: title(), description, path: '/information', tags };
    }
    records.push({ index, record });
  }
  return records;
}

/** What members look for: common and rare words, two-word phrases, a word that matches nothing. */
export const BENCH_QUERIES = [
  'regatta',
  'channel 16',
  'hull speed',
  'laser',
  'rescue boat',
  'moorings',
  'membership fees',
  'constitution',
  'work day',
  'barbecue',
  'trip slip',
  'frostbite',
  'wayfarer',
  'junior training',
  'water level',
  'committee',
  'spinnaker',
  'kalomer',
];

/**
 * What the server sees while members type those queries: the dialog searches on every
 * keystroke, so "laser" arrives as "l", "la", "las", "lase", "laser". Blank prefixes (after a
 * space) are skipped, as the dialog skips them.
 */
export function keystrokeQueries(queries: string[]): string[] {
  const out: string[] = [];
  for (const q of queries) {
    for (let i = 1; i <= q.length; i++) {
      const typed = q.slice(0, i);
      if (typed.trim() !== '' && !typed.endsWith(' ')) out.push(typed);
    }
  }
  return out;
}
