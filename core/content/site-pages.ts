import type { SearchRecord } from '../search/search-hit';

/*
 * The club site's fixed pages as search records: product content (the words of the news, calendar
 * and documents pages), not demo data, so every search index holds them, whatever the club's own
 * data. The Beginners and Information pages, whose words admins edit, are indexed from those words
 * (core/site-pages/site-page-content.ts). RebuildSearchIndex writes them all with the stored events, documents and news.
 */

function page(objectID: string, path: string, category: string, title: string, description: string, tags: string[]): SearchRecord {
  return { objectID, type: 'page', category, title, description, path, tags };
}

/** The fixed pages' content as search records, so that a member searching for "newsletter" or "handbook" lands on the page that has it. */
export function pageSearchRecords(): SearchRecord[] {
  return [
    page(
      'page-news',
      '/news',
      'news',
      'Recent emails',
      'Read the club’s recent e-mail newsletters and announcements: regattas, work days, water-level updates and notices of meetings.',
      ['news', 'newsletter', 'e-mail', 'announcements'],
    ),
    page(
      'page-calendar',
      '/calendar',
      'events',
      'Events calendar',
      'Upcoming club events, racing, socials and training courses. Book a place or add an event to your own calendar.',
      ['calendar', 'events', 'racing', 'booking'],
    ),
    page(
      'page-documents',
      '/documents',
      'documents',
      'Documents & Files',
      'The club constitution, members handbook, water authority rules, disciplinary and grievance procedure, membership fees, payment instructions and the overnight moorings map.',
      ['documents', 'PDF', 'rules', 'handbook', 'fees'],
    ),
  ];
}
