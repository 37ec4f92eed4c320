import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Imports go one way, by alias or by relative path (see eslint/feature-boundaries.js): features never
    // import each other; the API's db and platform never import a feature, the seed or the app.
    files: [
      'apps/api/src/features/**/*.ts',
      'apps/api/src/db/**/*.ts',
      'apps/api/src/platform/**/*.ts',
      'apps/web/src/features/**/*.{ts,tsx}',
    ],
    plugins: { odontia: boundaries },
    rules: { 'odontia/feature-boundaries': 'error' },
  },
  {
    // A JsonText (a body answered as it is) is made by toJsonText or, for JSON PostgreSQL writes, by a
    // statement's jsonTextOf column (platform/json-text.ts): never claimed of a string or a row.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/platform/json-text.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            ':matches(TSAsExpression, TSTypeAssertion) > TSTypeReference[typeName.name="JsonText"]',
            ':matches(TSAsExpression, TSTypeAssertion) > TSUnionType > TSTypeReference[typeName.name="JsonText"]',
          ].join(', '),
          message:
            'Un JsonText se hace con toJsonText(valor) o con jsonTextOf(jsonObject(...)) en la consulta, nunca con un cast.',
        },
        {
          selector:
            'CallExpression[callee.name=/^(preparedStatement|rowsOf)$/] > TSTypeParameterInstantiation TSTypeReference[typeName.name="JsonText"]',
          message:
            'El tipo de fila de una consulta no declara JsonText: es RowOf<mapa> de un mapa con jsonTextOf(jsonObject(...)).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
