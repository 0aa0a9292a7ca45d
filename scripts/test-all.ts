/**
 * `npm test`: every check, in order, with one summary. Lint, typecheck, unit/component/server tests
 * (SQLite), the server suite again on a throwaway PostgreSQL when Debian's postgresql is installed,
 * the production build (with its size report), then browser tests in Chromium against the real server.
 * Exits non-zero when any step fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

interface Step {
  name: string;
  cmd: string[];
  /** Skip with this reason instead of running. */
  skip?: string;
  /** Only run when these earlier steps passed. */
  needs?: string[];
}

const pgBin = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').find((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) : undefined;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const steps: Step[] = [
  { name: 'lint', cmd: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'unit + server (SQLite)', cmd: ['npx', 'vitest', 'run'] },
  {
    name: 'server (PostgreSQL)',
    cmd: ['scripts/with-postgres.sh', 'npx', 'vitest', 'run', '--project', 'server'],
    skip: pgBin ? undefined : 'PostgreSQL is not installed (apt-get install -y postgresql); .ci/run installs it',
  },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'browser (Chromium)',
    cmd: ['npx', 'playwright', 'test'],
    needs: ['build'],
    skip: existsSync(chromium) ? undefined : `Chromium not found at ${chromium} (apt-get install -y chromium); .ci/run installs it`,
  },
];

const results: { name: string; status: 'passed' | 'failed' | 'skipped'; seconds: number; note?: string }[] = [];
for (const step of steps) {
  const unmet = step.needs?.filter((n) => results.find((r) => r.name === n)?.status !== 'passed') ?? [];
  if (step.skip || unmet.length) {
    results.push({ name: step.name, status: 'skipped', seconds: 0, note: step.skip ?? `needs ${unmet.join(', ')}` });
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  results.push({ name: step.name, status: r.status === 0 ? 'passed' : 'failed', seconds: (Date.now() - started) / 1000 });
}

console.log('\nSummary');
for (const r of results) {
  const mark = r.status === 'passed' ? '✔' : r.status === 'failed' ? '✘' : '–';
  console.log(`  ${mark} ${r.name.padEnd(24)} ${r.status.padEnd(8)} ${r.seconds ? `${r.seconds.toFixed(1)} s` : ''}${r.note ? `  (${r.note})` : ''}`);
}
// A skipped step is a failure under CI: the machine is supposed to have everything.
const failed = results.some((r) => r.status === 'failed' || (process.env.CI && r.status === 'skipped'));
process.exit(failed ? 1 : 0);
