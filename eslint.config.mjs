// ESLint for two things tsc does not check:
// - the TypeScript of src, indexer, scripts and test, with type information (typescript-eslint's
//   project service reads tsconfig.json): promises nobody awaits, async callbacks where a callback's
//   result is ignored, switches that miss a case, conditions the types say cannot vary;
// - the browser JavaScript of /dashboard (src/dashboard/public, ES modules) and /docs
//   (src/docs/public, a classic script): served as they are, no build step, so nothing else checks
//   them before a browser runs them.
// The layers of src/ are checked by dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const rules = {
  ...js.configs.recommended.rules,
  eqeqeq: ['error', 'always'],
  'no-implicit-globals': 'error',
  'no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
  'prefer-const': 'error',
  'no-var': 'error',
};

export default [
  {
    files: ['src/**/*.ts', 'indexer/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // `typeof import('x')` stays allowed: it types a module loaded lazily (an optional engine's driver).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // A condition the types say cannot vary: a dead branch, or a type that lies about what it holds
      // (a value from JSON or another process, a record read by a key it may lack): made honest, or
      // waived on the line with the reason.
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    files: ['src/dashboard/public/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.browser } },
    rules,
  },
  // The /docs page's start-up script: a classic script beside swagger-ui's bundle (window.SwaggerUIBundle).
  {
    files: ['src/docs/public/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2024, sourceType: 'script', globals: { ...globals.browser } },
    rules,
  },
];
