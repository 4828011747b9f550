// One Jest run over both workspaces so .ci/run can sum every suite from a single JSON report.
const swc = (extra = {}) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
      ...extra,
    },
    module: { type: 'commonjs' },
    swcrc: false,
  },
];

module.exports = {
  projects: [
    {
      displayName: 'backend',
      rootDir: '<rootDir>/backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      transform: { '^.+\\.ts$': swc() },
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      setupFiles: ['<rootDir>/test/setup-env.ts'],
      // The API contract's alias (backend/tsconfig.json): the build rewrites it to dist/contract, tests read the source.
      moduleNameMapper: { '^#contract/(.*)$': '<rootDir>/../contract/$1' },
    },
    {
      displayName: 'frontend',
      rootDir: '<rootDir>/frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
      transform: { '^.+\\.(ts|tsx)$': swc() },
      // Stylesheets are the browser's business: a component that imports one gets an empty module here.
      moduleNameMapper: { '\\.css$': '<rootDir>/src/test/empty-module.ts' },
      setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
    },
  ],
  testTimeout: 30000,
  // ioredis keeps reconnect timers for a while after disconnecting from an unreachable Redis (the Redis-down
  // tests); the suite's result is final by then, so don't let those timers hold the run open.
  forceExit: true,
  reporters: ['default', ['<rootDir>/scripts/summary-reporter.js', { name: 'jest' }]],
};
