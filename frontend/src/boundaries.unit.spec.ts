// Rules of DESIGN §8/§10 checked on the source: text is never injected as HTML, icons are never emoji. The import
// boundaries (features never import each other; lib and components neither features nor app) are lint rules
// now (eslint.config.mjs, issue 18).
// Node's fs and path, loaded without Node typings (the app's tsconfig leaves them out on purpose).
const { readdirSync, readFileSync, statSync } = jest.requireActual<{
  readdirSync(path: string): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
  statSync(path: string): { isDirectory(): boolean };
}>('node:fs');
const { join, relative, dirname, sep } = jest.requireActual<{
  join(...parts: string[]): string;
  relative(from: string, to: string): string;
  dirname(path: string): string;
  sep: string;
}>('node:path');

const root = dirname(expect.getState().testPath ?? '');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name: string) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const sources = files(root).filter((f) => !f.includes(`${sep}test${sep}`));

it('never injects HTML', () => {
  const word = ['dangerously', 'SetInnerHTML'].join('');
  expect(sources.filter((f) => readFileSync(f, 'utf8').includes(word)).map((f) => relative(root, f))).toEqual([]);
});

it('never uses an emoji glyph (they render as empty boxes without an emoji font): icons are inline SVG', () => {
  // Extended_Pictographic covers the emoji and the symbols browsers may draw as emoji (▶ ⚠ 🔒 🎗); © and ® are
  // prose. API values that are emoji (award icons) are matched by escapes (\u{1F3C6}), never written out.
  const emoji = /(?![\u00A9\u00AE])[\p{Extended_Pictographic}\u{FE0F}]/gu;
  const styles = readdirSync(join(root, 'styles'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => join(root, 'styles', name));
  const offenders = [...sources.filter((f) => !/\.spec\.tsx?$/.test(f)), ...styles].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.match(emoji) ? [`${relative(root, file)}:${i + 1}: ${line.match(emoji)!.join(' ')}`] : [])),
  );
  expect(offenders).toEqual([]);
});
