/**
 * The cluster check (`npm run check:cluster`): PostgreSQL, Redis, three gateway processes and
 * HAProxy in front, on loopback; one instance killed and one drained under load. One file, in band.
 */
const base = require('../../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: ['**/*.cluster.ts'],
  testTimeout: 300000,
  // The same compilation as the unit and integration tests, ESM-only packages the server imports included.
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
};
