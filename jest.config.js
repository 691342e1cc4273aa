const ESM_ONLY = [
  'openid-client', 'oauth4webapi', 'jose',
  'music-metadata', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer/inflate', '@borewit/text-codec', 'win-guid', 'media-typer',
  // otplib's CommonJS build require()s these ESM-only packages (Node 20.19+ loads them; the test runner cannot).
  '@scure/base', '@noble/hashes',
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 60000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testSequencer: '<rootDir>/test/support/recorded-durations-sequencer.js',
  reporters: ['default', '<rootDir>/test/support/durations-reporter.js'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // ESM-only packages the server loads with import() (openid-client, music-metadata and what they import)
    // or require() (otplib's), compiled to CommonJS for the test runner, which loads them with require().
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs', importInterop: 'node' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  // Their export maps name the Node entry for import() only, which the test runner's require() does not read.
  moduleNameMapper: {
    '^music-metadata$': '<rootDir>/node_modules/music-metadata/lib/index.js',
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
    '^strtok3$': '<rootDir>/node_modules/strtok3/lib/index.js',
  },
};
