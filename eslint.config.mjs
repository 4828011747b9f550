// Architecture rules as lint (issue 18), run by `npm test` and so by CI. Only rules that guard the structure are on:
// the boundaries of DESIGN §8/§10, no import cycles, kebab-case file names. Style is left to the formatter.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const CONTEXTS = ['accounts', 'admin', 'billing', 'content', 'media', 'progress', 'reader', 'study'];
const FEATURES = ['admin', 'auth', 'awards', 'billing', 'dashboard', 'dictionary', 'progress', 'read', 'settings', 'study', 'updates'];
const TEST_FILES = ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**', 'backend/test/**', 'frontend/e2e/**', 'frontend/src/test/**'];

/** A context reaches another only through its index.ts (tests also through its testing/ helpers). */
const contextZones = (except) =>
  CONTEXTS.flatMap((target) =>
    CONTEXTS.filter((from) => from !== target).map((from) => ({
      target: `./backend/src/${target}`,
      from: `./backend/src/${from}`,
      except,
      message: `${target} may use ${from} only through backend/src/${from}/index.ts.`,
    })),
  );
/** The platform serves every context and knows none of them, nor the app that assembles them. */
const platformZones = [
  ...CONTEXTS.map((from) => ({ target: './backend/src/platform', from: `./backend/src/${from}`, message: 'platform imports no context.' })),
  { target: './backend/src/platform', from: './backend/src/app.module.ts', message: 'platform imports nothing above it (pass the root module in).' },
];
/** The shared kernel (backend/src/kernel: the course list) is vocabulary only: it imports nothing of the app. */
const kernelZones = ['platform', ...CONTEXTS].map((from) => ({ target: './backend/src/kernel', from: `./backend/src/${from}`, message: 'The shared kernel imports nothing of the app.' }));
/** The API contract (contract/, issue 18) is shared by both sides, so it imports neither: zod and itself only. */
const contractZones = ['backend', 'frontend', 'bench', 'scripts'].map((from) => ({ target: './contract', from: `./${from}`, message: 'The API contract imports nothing but zod.' }));
/** Frontend: a feature never imports another; lib and components import no feature and not the app. */
const frontendZones = [
  ...FEATURES.flatMap((target) =>
    FEATURES.filter((from) => from !== target).map((from) => ({
      target: `./frontend/src/features/${target}`,
      from: `./frontend/src/features/${from}`,
      message: 'A feature never imports another feature: share through lib/ or components/.',
    })),
  ),
  ...['lib', 'components'].flatMap((target) =>
    ['features', 'app'].map((from) => ({ target: `./frontend/src/${target}`, from: `./frontend/src/${from}`, message: `${target} depends on neither features nor app.` })),
  ),
  { target: './frontend/src/features', from: './frontend/src/app', message: 'A feature never imports the app shell.' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'backend/dist-*/**', 'artifacts/**', 'backend/content/**', 'frontend/public/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  {
    files: ['backend/**/*.ts', 'frontend/**/*.{ts,tsx}', 'bench/**/*.ts', 'contract/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 2023, sourceType: 'module', ecmaFeatures: { jsx: true } } },
    plugins: { 'import-x': importX, 'check-file': checkFile, '@typescript-eslint': tseslint.plugin },
    settings: {
      // import-x parses the imported files itself (no-cycle walks them): it needs the TypeScript parser for them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['backend/tsconfig.json', 'frontend/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...contextZones(['./index.ts']), ...platformZones, ...kernelZones, ...contractZones, ...frontendZones] }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'backend/src/**/': 'KEBAB_CASE', 'frontend/src/**/': 'KEBAB_CASE', 'contract/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Tests may also use another context's testing/ helpers (a signed-in learner, an admin app).
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...contextZones(['./index.ts', './testing']), ...platformZones, ...kernelZones, ...contractZones, ...frontendZones] }],
    },
  },
  {
    // The zones above keep the app's folders out of the contract; this keeps every package but zod out of it.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod(/mini)?$|\\./)', message: 'The API contract imports nothing but zod (and its own files).' }] }],
    },
  },
);
