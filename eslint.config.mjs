// ESLint for the browser JavaScript of /dashboard (src/dashboard/public, ES modules) and /docs
// (src/docs/public, a classic script): served as they are, no build step, so nothing else checks
// them before a browser runs them. TypeScript is checked by tsc; the layers of src/ by
// dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';

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
