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
  ['admin-accounts'],
  ['payments'],
  ['search'],
  ['campaigns'],
  ['news'],
  ['documents', 'photos', 'water-levels'],
  ['content'],
  ['site-pages'],
  ['duty-rosters'],
  ['members'],
  ['events'],
  ['duties'],
  ['bookings'],
  ['waiting-list'],
  ['conditions'],
  ['check-in', 'member-sign-in', 'reminders'],
  ['work-days'],
  ['calendar'],
  ['my-club'],
  ['privacy'],
  ['operations'],
  ['contract', 'storage'],
];

/**
 * Imports that still go against the order: "<folder>/<file> -> <folder imported>". This list may only shrink:
 * the test fails when an entry no longer happens (delete it) and the lint fails on any new one.
 */
export const CORE_BACK_EDGES = [];

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
