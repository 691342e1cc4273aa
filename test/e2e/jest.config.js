/** Browser tests of the console (`npm run test:e2e`): real app, real PostgreSQL, Debian's chromium. */
// The same compilation as the unit and integration tests, ESM-only packages the server imports included.
const base = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  testTimeout: 120000,
  globalSetup: '<rootDir>/test/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testSequencer: base.testSequencer,
  reporters: base.reporters,
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
};
