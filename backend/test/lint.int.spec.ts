// Issue 18: the architecture rules are lint (eslint.config.mjs), run by `npm test`. This shows each rule failing on
// a deliberate offence, and passing on the allowed form, through the real ESLint CLI and config.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintResult { messages: Array<{ ruleId: string | null; message: string }> }

/** Lints `code` as if it were the file at `path` (repo-relative); answers the rules that fired. */
function lint(path: string, code: string): string[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', path], { cwd: ROOT, input: code, encoding: 'utf8' });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1: problems found, the report is on stdout
  }
  return (JSON.parse(out) as LintResult[]).flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

describe('lint: the boundaries of the code (issue 18)', () => {
  jest.setTimeout(60_000);

  it('refuses a context importing another context\'s internals, and accepts its index', () => {
    expect(lint('backend/src/study/probe.ts', "import { LevelsProjection } from '../progress/levels/levels.projection';\nexport const x = LevelsProjection;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(lint('backend/src/study/probe.ts', "import { ProgressModule } from '../progress';\nexport const x = ProgressModule;\n")).toEqual([]);
  });

  it('refuses the platform importing a context or the app module', () => {
    expect(lint('backend/src/platform/probe.ts', "import { StudyModule } from '../study';\nexport const x = StudyModule;\n")).toEqual(['import-x/no-restricted-paths']);
    expect(lint('backend/src/platform/http/probe.ts', "import { AppModule } from '../../app.module';\nexport const x = AppModule;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a frontend feature importing another feature', () => {
    expect(lint('frontend/src/features/study/probe.ts', "import { DictionaryPanel } from '../dictionary/dictionary-panel';\nexport const x = DictionaryPanel;\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a file name that is not kebab-case', () => {
    expect(lint('backend/src/study/GradeCard.ts', 'export const x = 1;\n')).toEqual(['check-file/filename-naming-convention']);
  });

  it('refuses an import cycle', () => {
    const dir = join(ROOT, 'backend', 'src', 'platform', `lint-probe-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      expect(lint(`backend/src/platform/lint-probe-${process.pid}/a.ts`, "import { b } from './b';\nexport const a = () => b;\n")).toEqual(['import-x/no-cycle']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
