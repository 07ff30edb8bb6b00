/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // swc strips types only; `npm test` runs tsc --noEmit first for the type check.
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
    // ESM-only packages (oidc-provider and its jose; typebox, which ships .mjs; openid-client and its oauth4webapi, parse5 and its entities in tests) become CommonJS for jest's module system.
    '^.+/node_modules/(oidc-provider|jose|typebox|openid-client|oauth4webapi|parse5|entities)/.+\\.m?js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose|typebox|openid-client|oauth4webapi|parse5|entities)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
  testTimeout: 30000,
  setupFiles: ['<rootDir>/test/harness/disposableStack.js'],
  // Engines started by test/harness are shared per test file and stopped in afterAll.
  maxWorkers: 1,
  reporters: ['default', '<rootDir>/test/harness/plainSummaryReporter.js'],
};
