/**
 * The lint config holds the arrows (decision 011): deliberate violations, linted with the project's
 * own eslint.config.js exactly as `npm run lint` does, must fail; the legal import next to each must not.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

/** Lint `code` as if it were the file at `filePath` (relative to the repository); our rules' messages only. */
async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('arrows/'));
}

const ruleIds = (messages: Linter.LintMessage[]) => messages.map((m) => [m.ruleId, m.severity, m.line]);

describe('feature boundaries (resolved paths)', () => {
  const file = 'src/web/features/kyc/__lint-fixture__.ts';

  it.each([
    ['a sibling feature by a relative path', "export { x } from '../console/api/x.ts';"],
    ['a sibling feature through the features folder', "export { x } from '../../features/console/api/x.ts';"],
    ['a sibling feature by a dynamic import', "export const load = () => import('../unavailable/screen.tsx');"],
  ])('refuses %s', async (_what, code) => {
    expect(ruleIds(await lint(code, file))).toEqual([['arrows/feature-boundaries', 2, 1]]);
  });

  it('accepts the own feature, lib/ and shared/', async () => {
    const code = ["export { a } from './api/a.ts';", "export { b } from '../../lib/b.ts';", "export { c } from '../../../shared/c.ts';"].join('\n');
    expect(await lint(code, file)).toEqual([]);
  });
});

describe('server modules only through their public surface', () => {
  it.each([
    ['another module’s repo', 'src/server/modules/accounts/__lint-fixture__.ts', "export { x } from '../kyc/kyc.repo.ts';"],
    ['another module’s routes', 'src/server/modules/accounts/__lint-fixture__.ts', "export { x } from '../kyc/kyc.routes.ts';"],
    ['another module’s nested file', 'src/server/modules/accounts/__lint-fixture__.ts', "export type { X } from '../providers/sumsub/fake.ts';"],
    ['a repo, from outside the modules', 'src/server/__lint-fixture__.ts', "export { x } from './modules/accounts/accounts.repo.ts';"],
    ['routes, from anywhere but app.ts', 'src/server/__lint-fixture__.ts', "export { x } from './modules/accounts/accounts.routes.ts';"],
    ['a repo, from a script', 'scripts/__lint-fixture__.ts', "export { x } from '../src/server/modules/documents/documents.repo.ts';"],
  ])('refuses %s', async (_what, file, code) => {
    expect(ruleIds(await lint(code, file))).toEqual([['arrows/module-boundaries', 2, 1]]);
  });

  it.each([
    ['another module’s service', 'src/server/modules/accounts/__lint-fixture__.ts', "export { x } from '../site/site.service.ts';"],
    ['another module’s port', 'src/server/modules/review/__lint-fixture__.ts', "export type { X } from '../providers/port.ts';"],
    ['the own module’s repo', 'src/server/modules/accounts/__lint-fixture__.ts', "export { x } from './accounts.repo.ts';"],
    ['routes, from app.ts', 'src/server/app.ts', "export { x } from './modules/accounts/accounts.routes.ts';"],
    ['a repo, from a test', 'src/server/modules/accounts/__lint-fixture__.test.ts', "export { x } from '../kyc/kyc.repo.ts';"],
    ['a repo, from the test app builder', 'src/server/test/__lint-fixture__.ts', "export { x } from '../modules/kyc/kyc.repo.ts';"],
  ])('accepts %s', async (_what, file, code) => {
    expect(await lint(code, file)).toEqual([]);
  });
});

describe('no import cycles', () => {
  // lintText cannot make a cycle alone: the other end must be on disk. A folder of our own, removed after.
  const dir = path.join(root, 'src/server/modules', `__lint_fixture_${process.pid}__`);
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  const lintFile = async (name: string) => {
    const [result] = await eslint.lintFiles([path.join(dir, name)]);
    return result!.messages.filter((m) => m.ruleId?.startsWith('arrows/'));
  };

  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    write('a.ts', "import { b } from './b.ts';\nexport const a = () => b + 1;\n");
    write('b.ts', "import { c } from './c.ts';\nexport const b = c;\n");
    // c closes the loop a -> b -> c -> a with a type-only import: still a knot.
    write('c.ts', "import type { a } from './a.ts';\nexport const c = 1;\nexport type A = typeof a;\n");
    write('leaf-user.ts', "import { a } from './a.ts';\nexport const d = a();\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports every import that closes a cycle, with the way around, type-only ones included', async () => {
    const fromA = await lintFile('a.ts');
    expect(ruleIds(fromA)).toEqual([['arrows/no-cycle', 2, 1]]);
    const name = path.relative(root, dir).split(path.sep).join('/');
    expect(fromA[0]!.message).toContain(`${name}/a.ts -> ${name}/b.ts -> ${name}/c.ts -> ${name}/a.ts`);
    expect(ruleIds(await lintFile('c.ts'))).toEqual([['arrows/no-cycle', 2, 1]]);
  });

  it('leaves an import into a cycle from outside it alone', async () => {
    expect(await lintFile('leaf-user.ts')).toEqual([]);
  });

  it('is gone once the loop is cut', async () => {
    write('c.ts', 'export const c = 1;\n');
    expect(await lintFile('a.ts')).toEqual([]);
  });
});
