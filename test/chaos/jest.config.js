/**
 * The fault suite (`npm run chaos`): real gateway processes, a PostgreSQL cluster and a Redis of
 * its own, killed and stopped under load. One file, run in band; kept to a few minutes on 2 cores.
 */
const base = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/chaos'],
  testMatch: ['**/*.chaos.ts'],
  testTimeout: 600000,
  // The same compilation as the unit and integration tests, ESM-only packages the server imports included.
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
};
