// The core's folders depend one way (docs/architecture.md, "The core's one-way order"): each folder
// sits in a layer, and a file may import another core folder only from a layer below its own.
// Folders of one layer do not import each other. A strict order leaves no room for a cycle between
// folders. eslint.config.js runs the rule on core/; test/unit/architecture/core-layers.test.ts
// proves it fires and that CORE_BACK_EDGES lists exactly the imports still going the wrong way.
import { dirname, resolve, sep } from 'node:path';

/** The core's folders, lowest layer first. A new folder joins a layer here before it may be imported. */
export const CORE_LAYERS = [
  ['shared'],
  ['admins'],
  ['mail'],
  ['jobs'],
  ['audit'],
  ['payments'],
  ['search'],
  ['campaigns'],
  ['news'],
  ['documents', 'photos', 'water-levels'],
  ['content'],
  ['site-pages'],
  ['members'],
  ['events'],
  ['duties'],
  ['conditions'],
  ['bookings'],
  ['waiting-list'],
  ['check-in', 'member-sign-in', 'reminders'],
  ['work-days'],
  ['calendar'],
  ['my-club', 'privacy'],
  ['contract', 'storage'],
];

/**
 * Imports that still go against the order: "<folder>/<file> -> <folder imported>". This list may only shrink:
 * the test fails when an entry no longer happens (delete it) and the lint fails on any new one.
 */
export const CORE_BACK_EDGES = [
  'admins/change-password.ts -> audit',
  'admins/create-admin.ts -> audit',
  'admins/dashboard.ts -> bookings',
  'admins/dashboard.ts -> events',
  'admins/dashboard.ts -> work-days',
  'admins/password-reset-mail.ts -> mail',
  'admins/password-reset.ts -> member-sign-in',
  'admins/request-password-reset.ts -> mail',
  'admins/reset-password.ts -> audit',
  'admins/update-admin.ts -> audit',
  'audit/audit-trail.ts -> bookings',
  'audit/audit-trail.ts -> documents',
  'audit/audit-trail.ts -> events',
  'bookings/bookings-report.ts -> check-in',
  'bookings/event-bookings.ts -> check-in',
  'bookings/export-event-bookings.ts -> check-in',
  'bookings/export-event-bookings.ts -> waiting-list',
  'bookings/get-event-for-booking.ts -> calendar',
  'bookings/get-my-booking.ts -> calendar',
  'bookings/my-booking-schema.ts -> calendar',
  'bookings/submit-booking.ts -> waiting-list',
  'campaigns/campaign-repository.port.ts -> news',
  'campaigns/imported-campaign.ts -> news',
  'conditions/conditions-alerts.ts -> bookings',
  'conditions/get-go-no-go.ts -> bookings',
  'duties/event-duties.ts -> privacy',
  'events/cancel-event.ts -> bookings',
  'events/cancel-event.ts -> waiting-list',
  'events/delete-event.ts -> bookings',
  'events/delete-event.ts -> duties',
  'events/event-cancellation.ts -> bookings',
  'events/event-change-notice.ts -> bookings',
  'events/event-repository.port.ts -> duties',
  'events/get-admin-event.ts -> bookings',
  'events/get-admin-event.ts -> duties',
  'events/list-admin-events.ts -> bookings',
  'events/update-event.ts -> bookings',
  'events/update-event.ts -> duties',
  'jobs/scheduled-work.ts -> conditions',
  'jobs/scheduled-work.ts -> duties',
  'jobs/scheduled-work.ts -> member-sign-in',
  'jobs/scheduled-work.ts -> news',
  'jobs/scheduled-work.ts -> privacy',
  'jobs/scheduled-work.ts -> reminders',
  'jobs/scheduled-work.ts -> waiting-list',
  'jobs/scheduled-work.ts -> work-days',
  'members/household-attendees.ts -> bookings',
  'members/list-members.ts -> duties',
  'members/list-members.ts -> events',
  'members/member-repository.port.ts -> duties',
  'members/update-member.ts -> duties',
  'privacy/data-requests.ts -> my-club',
  'reminders/schedule-reminders.ts -> work-days',
  'search/rebuild-search-index.ts -> campaigns',
  'search/rebuild-search-index.ts -> content',
  'search/rebuild-search-index.ts -> documents',
  'search/rebuild-search-index.ts -> events',
  'search/rebuild-search-index.ts -> site-pages',
  'search/rebuild-search-index.ts -> work-days',
  'search/search-display.ts -> news',
  'search/search-records.ts -> campaigns',
  'search/search-records.ts -> documents',
  'search/search-records.ts -> events',
  'search/search-records.ts -> news',
  'search/search-records.ts -> work-days',
  'search/search.ts -> news',
];

/** The core folder a path lies in, and the core root, or null outside a core/ tree. */
function coreFolderOf(path) {
  const parts = path.split(sep);
  const at = parts.lastIndexOf('core');
  if (at < 0 || at + 2 >= parts.length) return null;
  return { root: parts.slice(0, at + 1).join(sep), folder: parts[at + 1], file: parts.slice(at + 1).join('/') };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "core/ folders import only folders of a lower layer (docs/architecture.md, the core's one-way order)" },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } }, backEdges: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      upward: "core/{{from}}/ may not import core/{{to}}/: {{to}} is not in a layer below {{from}} (docs/architecture.md, the core's one-way order). Move the code to the folder it belongs to, or lift the use case above both.",
      unranked: "core/{{folder}}/ is in no layer of CORE_LAYERS (eslint-rules/core-layers.js): give it its place in the core's one-way order.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const layers = options.layers ?? CORE_LAYERS;
    const backEdges = new Set(options.backEdges ?? CORE_BACK_EDGES);
    const rank = new Map(layers.flatMap((folders, i) => folders.map((folder) => [folder, i])));
    const here = coreFolderOf(context.filename);
    if (!here) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) target = resolve(dirname(context.filename), specifier);
      else if (specifier.startsWith('@core/')) target = resolve(here.root, specifier.slice('@core/'.length));
      else return;
      const there = coreFolderOf(target);
      if (!there || there.root !== here.root || there.folder === here.folder) return;
      for (const folder of [here.folder, there.folder]) {
        if (!rank.has(folder)) return context.report({ node, messageId: 'unranked', data: { folder } });
      }
      if (rank.get(there.folder) < rank.get(here.folder)) return;
      if (backEdges.has(`${here.file} -> ${there.folder}`)) return;
      context.report({ node, messageId: 'upward', data: { from: here.folder, to: there.folder } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'one-way': rule } };
