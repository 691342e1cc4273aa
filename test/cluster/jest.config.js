/**
 * The cluster check (`npm run check:cluster`): PostgreSQL, Redis, three gateway processes and
 * HAProxy in front, on loopback; one instance killed and one drained under load. One file, in band.
 */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: ['**/*.cluster.ts'],
  testTimeout: 300000,
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
