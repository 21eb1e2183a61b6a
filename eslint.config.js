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
  {
    files: ['protocol/**/*.ts', 'sdk/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...importRules('protocol', ['sdk', 'server', 'web', 'e2e']),
  ...importRules('sdk', ['server', 'web', 'e2e'], NO_ZOD),
  ...importRules('web', ['server', 'e2e'], {
    paths: [...PREACT_LACKS, ...NO_ZOD.paths],
    patterns: NO_ZOD.patterns,
  }),
  ...importRules('server', ['web', 'sdk', 'e2e']),
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
