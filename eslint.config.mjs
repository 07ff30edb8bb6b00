// ESLint for the dashboard's browser JavaScript (src/dashboard/public: plain ES modules served as
// they are, no build step, so nothing else checks them before a browser runs them). TypeScript is
// checked by tsc; the layers of src/ by dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    files: ['src/dashboard/public/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.browser } },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: ['error', 'always'],
      'no-implicit-globals': 'error',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'prefer-const': 'error',
      'no-var': 'error',
    },
  },
];
