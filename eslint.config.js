import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Which workspace may import which (docs/architecture.md): protocol imports no workspace; the
 * SDK never imports the server or the web app; the web app never imports the server; the server
 * never imports the web app or the SDK. e2e/ and bench/ drive everything and may import it all.
 */
const forbid = (...workspaces) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: workspaces.flatMap((w) => [
        {
          group: [`@scout/${w}`, `@scout/${w}/**`],
          message: `This workspace may not import ${w}/.`,
        },
        {
          group: [`**/${w}/src/**`, `**/${w}/test/**`],
          message: `This workspace may not import ${w}/.`,
        },
      ]),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
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
  { files: ['protocol/**'], ...{ rules: forbid('sdk', 'server', 'web', 'e2e') } },
  { files: ['sdk/**'], rules: forbid('server', 'web', 'e2e') },
  { files: ['web/**'], rules: forbid('server', 'e2e') },
  { files: ['server/**'], rules: forbid('web', 'sdk', 'e2e') },
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
