/**
 * The fault suite (`npm run chaos`): real gateway processes, a PostgreSQL cluster and a Redis of
 * its own, killed and stopped under load. One file, run in band; kept to a few minutes on 2 cores.
 */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/chaos'],
  testMatch: ['**/*.chaos.ts'],
  testTimeout: 600000,
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
