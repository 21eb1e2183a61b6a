import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Which workspace may import which (docs/architecture.md): protocol imports no workspace; the
 * SDK never imports the server or the web app; the web app never imports the server; the server
 * never imports the web app or the SDK. e2e/ and bench/ drive everything and may import it all.
 * `paths` and `patterns` add a workspace's own bans: one rule holds them all, since a later
 * setting of a rule replaces an earlier one for the files both match.
 */
const forbid = (workspaces, paths = [], patterns = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: [
        ...workspaces.flatMap((w) => [
          {
            group: [`@scout/${w}`, `@scout/${w}/**`],
            message: `This workspace may not import ${w}/.`,
          },
          {
            group: [`**/${w}/src/**`, `**/${w}/test/**`],
            message: `This workspace may not import ${w}/.`,
          },
        ]),
        ...patterns,
      ],
    },
  ],
});

/**
 * The browser and the SDK's users download what these import: field rules they share with the
 * server are plain functions in protocol/ (docs/architecture.md), and zod stays on the server.
 */
const NO_ZOD = {
  paths: [
    { name: 'zod', message: 'zod is for the server; share rules as plain functions in protocol/.' },
  ],
  patterns: [
    {
      group: ['zod/*'],
      message: 'zod is for the server; share rules as plain functions in protocol/.',
    },
  ],
};

/** Test support lives in each workspace's test/ folder; production code never imports it. */
const NO_TEST_SUPPORT = [
  {
    group: ['**/test/**', '**/test'],
    message: 'Production code may not import test support (a test/ folder).',
  },
];

/**
 * A workspace's import rules: its boundaries everywhere, and in its production sources (`src/`,
 * tests aside) no test support either.
 */
const importRules = (workspace, workspaces, { paths = [], patterns = [] } = {}) => [
  { files: [`${workspace}/**`], rules: forbid(workspaces, paths, patterns) },
  {
    files: [`${workspace}/src/**`],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: forbid(workspaces, paths, [...patterns, ...NO_TEST_SUPPORT]),
  },
];

/**
 * The browser build runs the web app's React code on preact/compat, which lacks these
 * (docs/decisions/060-preact-in-the-browser.md).
 */
const PREACT_LACKS = [
  {
    name: 'react',
    importNames: ['use', 'useActionState', 'useOptimistic', 'cache', 'Activity'],
    message: 'preact/compat runs the web app and does not provide this.',
  },
  {
    name: 'react-dom',
    importNames: ['useFormStatus', 'preload', 'preinit'],
    message: 'preact/compat runs the web app and does not provide this.',
  },
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const foldersIn = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * The server's generic layers know no capability (docs/architecture.md): they read what a
 * capability declares through the table registry and the deps `buildApp` is given, never its
 * folder, nor the files that assemble every capability.
 */
const SERVER_GENERIC = ['rest', 'http', 'store', 'mail', 'jobs', 'security'];
const SERVER_CAPABILITIES = foldersIn('./server/src/').filter(
  (d) => !SERVER_GENERIC.includes(d) && d !== 'cli',
);
const serverLayerZones = SERVER_GENERIC.map((layer) => ({
  target: `./server/src/${layer}`,
  from: [
    ...SERVER_CAPABILITIES.map((c) => `./server/src/${c}`),
    ...['tables.ts', 'wiring.ts', 'app.ts', 'main.ts'].map((f) => `./server/src/${f}`),
  ],
  message: `server/src/${layer}/ is a generic layer: it may not import a capability; take what it needs through the table registry or deps.`,
}));

/**
 * The web app's primitives (ui/) know no screen, and a screen never imports another: what two
 * screens share lives in ui/ or lib/ (docs/architecture.md).
 */
const WEB_SCREENS = foldersIn('./web/src/screens/');
const webZones = [
  {
    target: './web/src/ui',
    from: ['./web/src/screens', './web/src/frame', './web/src/app.tsx'],
    message: 'web/src/ui/ holds primitives: it may not import a screen or the frame.',
  },
  ...WEB_SCREENS.map((screen) => ({
    target: `./web/src/screens/${screen}`,
    from: './web/src/screens',
    except: [`./${screen}`],
    message: 'A screen may not import another screen: share through web/src/ui/ or web/src/lib/.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.stryker-tmp/**',
      'reports/**',
      // Scratch builds (a benchmark's bundle), ignored by git as well.
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Import cycles are found by scripts/import-cycles.mjs, once for the whole tree (`npm run
  // test:checks`): the plugin's no-cycle rule parsed every module again for each file it linted,
  // and took more than half of the lint's processor time.
  {
    files: ['protocol/**/*.ts', 'sdk/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
  },
  ...importRules('protocol', ['sdk', 'server', 'web', 'e2e']),
  ...importRules('sdk', ['server', 'web', 'e2e'], NO_ZOD),
  ...importRules('web', ['server', 'e2e'], {
    paths: [...PREACT_LACKS, ...NO_ZOD.paths],
    patterns: NO_ZOD.patterns,
  }),
  ...importRules('server', ['web', 'sdk', 'e2e']),
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        // Zones are paths from this file's folder, wherever the linter is started.
        { basePath: ROOT, zones: [...serverLayerZones, ...webZones] },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs', 'bench/**', 'server/src/cli/**', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
