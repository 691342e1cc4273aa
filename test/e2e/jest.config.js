/** Browser tests of the console (`npm run test:e2e`): real app, real PostgreSQL, Debian's chromium. */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testTimeout: 120000,
  globalSetup: '<rootDir>/test/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // otplib's CommonJS build require()s these ESM-only packages (Node 20.19+ loads them; the test runner cannot).
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs', importInterop: 'node' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@scure/base|@noble/hashes)/)'],
};
