// The core's folders depend one way (docs/architecture.md, "The core's one-way order"): each folder
// sits in a layer, and a file may import another core folder only from a layer below its own.
// Folders of one layer do not import each other. A strict order leaves no room for a cycle between
// folders. eslint.config.js runs the rule on core/; test/app/unit/core-layers.test.ts
// proves it fires on a fixture tree and that the real core passes it.
import { dirname, resolve, sep } from 'node:path';

/**
 * The core's folders, lowest layer first (the table in docs/architecture.md). A new folder joins a
 * layer here before it may be imported; two folders that must not know each other share a layer.
 */
export const CORE_LAYERS = [
  ['shared'], // what every feature uses: ids, errors, money and date text, London time, Clock...
  ['admins', 'jobs', 'payments', 'search'], // who may act; the job queue, the payment gateway, the search index
  ['mail', 'audit', 'campaigns'], // the outbox and composeMail; the audit trail; news providers
  ['admin-accounts', 'documents', 'photos', 'water-levels', 'news', 'duty-rosters'],
  ['content', 'members', 'events'],
  ['membership'], // categories, the membership year, renewals and joining: on the member list, below what rests on it
  ['bookings', 'duties', 'member-sign-in', 'site-pages'],
  ['waiting-list', 'conditions', 'reminders'],
  ['check-in', 'work-days', 'announcements'], // announcements: an event's people told at once (docs/notifications.md)
  ['calendar', 'privacy'],
  ['my-club'],
  ['operations'], // use cases that drive several features: cancelling or moving an event, booking...
  ['contract', 'storage'], // what the server and adapters take whole: API envelopes, StoragePorts
];

/** The core folder a path lies in, and the core root, or null outside a core/ tree. */
function coreFolderOf(path) {
  const parts = path.split(sep);
  const at = parts.lastIndexOf('core');
  if (at < 0 || at + 2 >= parts.length) return null;
  return { root: parts.slice(0, at + 1).join(sep), folder: parts[at + 1] };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "core/ folders import only folders of a lower layer (docs/architecture.md, the core's one-way order)" },
    schema: [{ type: 'object', properties: { layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } } }, additionalProperties: false }],
    messages: {
      upward:
        "core/{{from}}/ may not import core/{{to}}/: {{to}} is not in a layer below {{from}} (docs/architecture.md, the core's one-way order). Move the code to the folder it belongs to, or lift the use case above both.",
      unranked: "core/{{folder}}/ is in no layer of CORE_LAYERS (eslint-rules/core-layers.js): give it its place in the core's one-way order.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const layers = options.layers ?? CORE_LAYERS;
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
