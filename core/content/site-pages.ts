import type { SearchRecord } from '../search/search-hit';

/*
 * The club site's static pages as search records: product content (the words of the beginners',
 * information, news, calendar and documents pages), not demo data, so every search index holds them, whatever the club's
 * own data. RebuildSearchIndex writes them with the stored events, documents and news.
 */

function page(objectID: string, path: string, category: string, title: string, description: string, tags: string[]): SearchRecord {
  return { objectID, type: 'page', category, title, description, path, tags };
}

/**
 * The static pages' content as search records, so that a member searching for "channel 16",
 * "hull speed" or "trip slip" lands on the page that explains it.
 */
export function pageSearchRecords(): SearchRecord[] {
  return [
    page('page-beginners-radio', '/beginners', 'beginners', 'VHF radio channels',
      'Channel 16 is for emergencies only. Call the club on channel 8 and the water authority rangers on channel 77. Keep calls short and listen before you transmit.',
      ['radio', 'VHF', 'channel 16', 'channel 8', 'channel 77', 'safety']),
    page('page-beginners-tips', '/beginners', 'beginners', 'Beginner sailing tips',
      'Check the forecast before you rig, always wear a buoyancy aid, fill in a trip slip, sail with a partner boat outside rescue cover, and practise capsize recovery in light winds.',
      ['tips', 'beginners', 'buoyancy aid', 'capsize', 'forecast']),
    page('page-beginners-lingo', '/beginners', 'beginners', 'Sailing lingo explained',
      'Port and starboard, windward and leeward, tacking and gybing, close-hauled and the run, the sheet and the painter, luffing up and bearing away, the kicker, cunningham and outhaul: the words you will hear on the water and in the bar.',
      ['lingo', 'glossary', 'port', 'starboard', 'tacking', 'gybing']),
    page('page-beginners-hull-speed', '/beginners', 'beginners', 'Hull speed formula',
      'A displacement hull’s top speed in knots is about 1.34 × the square root of its waterline length in feet: a 25-foot waterline gives about 6.7 knots. Planing dinghies can go faster.',
      ['hull speed', 'formula', 'knots', 'waterline']),
    page('page-information-noticeboard', '/information', 'information', 'Club noticeboard',
      'The noticeboard in the clubhouse lobby carries race results, the duty rota, the water level, lost property and boats for sale. Ask the secretary to pin up a notice.',
      ['noticeboard', 'duty rota', 'results', 'for sale']),
    page('page-information-trip-slips', '/information', 'information', 'Trip slips',
      'Before launching, write your name, boat, sail number and expected return time on a trip slip and hang it on the board by the slipway. Take it down when you come ashore, or a search will begin.',
      ['trip slip', 'launching', 'safety', 'slipway']),
    page('page-information-water-level', '/information', 'information', 'Reservoir water level',
      'The chart shows how full Kestrel Reservoir has been over the last year. Below 60% the north slipway closes and boats launch from the south hard.',
      ['water level', 'reservoir', 'slipway', 'chart']),
    page('page-information-club', '/information', 'information', 'Club information',
      'Opening times of the clubhouse, rescue cover on Wednesday evenings and weekends, the committee and who to contact, the dinghy park and the galley.',
      ['clubhouse', 'rescue cover', 'committee', 'contacts', 'galley']),
    page('page-news', '/news', 'news', 'Recent emails',
      'Read the club’s recent e-mail newsletters and announcements: regattas, work days, water-level updates and notices of meetings.',
      ['news', 'newsletter', 'e-mail', 'announcements']),
    page('page-calendar', '/calendar', 'events', 'Events calendar',
      'Upcoming club events, racing, socials and training courses. Book a place or add an event to your own calendar.',
      ['calendar', 'events', 'racing', 'booking']),
    page('page-documents', '/documents', 'documents', 'Documents & Files',
      'The club constitution, members handbook, water authority rules, disciplinary and grievance procedure, membership fees, payment instructions and the overnight moorings map.',
      ['documents', 'PDF', 'rules', 'handbook', 'fees']),
  ];
}
