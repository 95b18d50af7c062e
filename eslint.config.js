// ESLint (flat config): the house rules that a tool can check, above all the layer boundaries of
// docs/architecture.md. `npm run lint` runs it; CI runs it before the tests.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import coreLayers from './eslint-rules/core-layers.js';

/** Libraries of a framework or a technology: adapters and the server may use them, the core never. */
const TECHNOLOGY = [
  'express',
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'knex',
  'better-sqlite3',
  'firebase-admin',
  'algoliasearch',
  'square',
  'inversify',
  'pino',
  'pino-http',
  'helmet',
  'nodemailer',
];
const technology = TECHNOLOGY.flatMap((name) => [name, `${name}/*`]);
const layer = (...names) => names.map((name) => `**/${name}/**`);

const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url)).filter((name) => !name.includes('.'));

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript files here are Node scripts and this config; TypeScript checks the rest.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] } },
  {
    // The core's folders depend one way: each imports only folders of a lower layer.
    files: ['core/**/*.ts'],
    plugins: { 'core-layers': coreLayers },
    rules: {
      'core-layers/one-way': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: technology, message: 'core/ holds the rules only: no framework or technology library.' },
            { group: layer('adapters', 'server', 'web'), message: 'core/ imports no outer layer: adapters, server and web depend on core, never the reverse.' },
          ],
        },
      ],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: layer('server', 'web'), message: 'Adapters plug technology into core ports; they never import the server or the web app.' }] },
      ],
    },
  },
  {
    // The server draws the members' pages with the web app's own entry (ADR 29). Nothing else of web/.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '!**/web/src/entry-server'],
              message: "The server talks to the web app over HTTP only; it draws members' pages through web/src/entry-server.tsx (ADR 29).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // React's full recommended set, the React Compiler's rules included (set-state-in-effect,
      // refs, purity, immutability, ...): state is derived during render, refs are read in
      // effects and handlers only.
      ...reactHooks.configs['recommended-latest'].rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('server', 'adapters'), message: 'The web app talks to the server over HTTP only; it shares core, never server or adapter code.' },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('server', 'adapters'), message: 'The web app talks to the server over HTTP only; it shares core, never server or adapter code.' },
            {
              // Import paths are matched as written: another feature is ../<feature>/… from the
              // feature's top folder, ../../<feature>/… one folder down, and so on. What a feature
              // offers others sits in its exports/ folder (admin/exports/ for its admin screens'):
              // those modules, and nothing else of it, may be imported (docs/architecture.md).
              regex: `^(?:\\.\\./)+(?:features/)?(?:${FEATURES.filter((other) => other !== feature).join('|')})/(?!(?:admin/)?exports/)`,
              message:
                'Features do not import each other: import what another feature offers from its exports/ folder, or share through web/src/components or web/src/lib.',
            },
          ],
        },
      ],
    },
  })),
);
