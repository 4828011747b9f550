// Browser tests (npm run test:e2e): Playwright's library (playwright-core) drives Debian's Chromium against
// an app that scripts/e2e.mjs started. One test file at a time: they share that app and its database.
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/frontend/e2e/**/*.e2e.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' }, swcrc: false }],
  },
  maxWorkers: 1,
  testTimeout: 120000,
  forceExit: true,
  reporters: ['default', ['<rootDir>/scripts/summary-reporter.js', { name: 'e2e' }]],
};
