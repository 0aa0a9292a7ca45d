import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';

/** `npm start`, `npm test` and `npm run dev` begin with scripts/check-node.cjs (their pre-scripts). */

it('under Node 24 it lets the script run', () => {
  const r = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(r.stderr).toBe('');
});

// Debian's own Node (20 on this machine) when there is one: the newcomer's situation of issue 16.
const systemNode = '/usr/bin/node';
const systemMajor = existsSync(systemNode) ? Number(execFileSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) : 0;

it.skipIf(!systemMajor || systemMajor >= 24)('under an older Node it stops at once with one line that says what to do', () => {
  const r = spawnSync(systemNode, ['scripts/check-node.cjs'], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/needs Node\.js 24 \(this is v\d+.*run `npm install` again/);
});

it('the npm scripts find Node 24 from the npm package "node"', () => {
  const pkg = JSON.parse(execFileSync(process.execPath, ['-p', 'JSON.stringify(require("./package.json"))'], { encoding: 'utf8' }));
  expect(pkg.dependencies.node).toMatch(/^\^24\./);
  // Only the `node` package runs an install script; any other one named is denied (core-js: a banner).
  expect(Object.entries(pkg.allowScripts).filter(([, allowed]) => allowed)).toEqual([['node', true]]);
  expect(pkg.scripts).toMatchObject({ prestart: 'node scripts/check-node.cjs', pretest: 'node scripts/check-node.cjs', predev: 'node scripts/check-node.cjs' });
  expect(execFileSync('node_modules/.bin/node', ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim()).toBe('24');
});
