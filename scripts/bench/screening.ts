/**
 * The bench's screening section (decision 038), in a process of its own (`npx node scripts/bench/screening.ts
 * [--names 1000000] [--users 1000] [--scan-users 21]`): a generated list of a million names (OpenSanctions simple CSV,
 * written to a temporary file and read back line by line), the name index built from it (time, heap
 * and RSS growth), one user's screening p50/p99 over generated users and the labelled variations of
 * listed people, the re-screening rate (users matched per second on one thread), and today's full
 * scan (every entry prepared and scored, decision 026) on a few users as the reference. Prints one
 * JSON line on standard output.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { csvHeader, csvRow, labelledPairs, NameIndex, syntheticPeople } from '../../src/server/modules/screening/screening.service.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const NAMES = arg('names', 1_000_000);
const USERS = arg('users', 1000);
const SCAN_USERS = arg('scan-users', 21);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor(s.length * p))]!.toFixed(2));
};
const mb = (n: number) => Math.round(n / 1e6);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-screening-'));
const file = path.join(dir, 'targets.simple.csv');
try {
  // The list file, streamed out.
  let written = 0;
  const out = createWriteStream(file);
  out.write(`${csvHeader()}\n`);
  const sample: ReturnType<typeof syntheticPeople> extends Generator<infer P> ? P[] : never = [];
  for (const p of syntheticPeople(1, Number.MAX_SAFE_INTEGER)) {
    if (written >= NAMES) break;
    written += 1 + p.aliases.length;
    if (sample.length < 5000) sample.push(p);
    if (!out.write(`${csvRow(p)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  // The index, built from the file read line by line (the generated rows hold no quoted line breaks).
  global.gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const index = new NameIndex();
  let page: { id: string; name: string; aliases: string[]; birthDates: string[] }[] = [];
  let header = true;
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (header) {
      header = false;
      continue;
    }
    const f = line.split(',');
    page.push({ id: f[0]!, name: f[2]!, aliases: f[3] ? f[3].split(';') : [], birthDates: f[4] ? f[4].split(';') : [] });
    if (page.length === 5000) {
      index.add(page);
      page = [];
    }
  }
  index.add(page);
  index.seal();
  const buildMs = Math.round(performance.now() - t0);
  global.gc?.();
  const after = process.memoryUsage();

  // One user's screening: generated users (mostly no match) and variations of listed people.
  const users = [...syntheticPeople(99, USERS, 'user')].map((p) => ({ name: p.name, dateOfBirth: p.birthDates[0]?.length === 10 ? p.birthDates[0] : '1980-05-05' }));
  const variations = labelledPairs(sample, USERS, 5).map((p) => p.query);
  const lat: number[] = [];
  // CPU time too (this process's, µs resolution): on a shared machine the wall time's tail is mostly
  // time the process waited for a core, which the CPU time leaves out.
  const cpu: number[] = [];
  let hits = 0;
  const t1 = performance.now();
  for (const u of [...users, ...variations]) {
    const t = performance.now();
    const c = process.cpuUsage();
    hits += index.match(u).length;
    const used = process.cpuUsage(c);
    lat.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  const rescreenPerSecond = Math.round((lat.length * 1000) / (performance.now() - t1));
  const loadWhileMatching = loadavg()[0];

  // Today's full scan on a few users (every entry prepared once, then scored: decision 026).
  const scan: number[] = [];
  for (const u of users.slice(0, SCAN_USERS)) {
    const t = performance.now();
    index.scan(u);
    scan.push(performance.now() - t);
  }
  global.gc?.();
  const scanHeap = process.memoryUsage().heapUsed;
  // The index on the same users as the scan, for a like-for-like ratio (the scan's first user, which
  // prepares every entry, is left out of both).
  const same: number[] = [];
  for (const u of users.slice(1, SCAN_USERS)) {
    const t = performance.now();
    index.match(u);
    same.push(performance.now() - t);
  }
  const result = {
    names: index.size.names,
    entries: index.size.entries,
    fileMb: mb(statSync(file).size),
    buildMs,
    indexHeapMb: mb(after.heapUsed - before.heapUsed),
    indexRssMb: mb(after.rss - before.rss),
    matchP50Ms: pct(lat, 0.5),
    matchP99Ms: pct(lat, 0.99),
    matchCpuP50Ms: pct(cpu, 0.5),
    matchCpuP99Ms: pct(cpu, 0.99),
    screenedUsers: lat.length,
    hits,
    rescreenUsersPerSecond: rescreenPerSecond,
    fullScanP50Ms: pct(scan.slice(1), 0.5),
    fullScanP99Ms: pct(scan.slice(1), 0.99),
    indexOnScanUsersP50Ms: pct(same, 0.5),
    fullScanUsers: scan.length - 1,
    fullScanHeapMb: mb(scanHeap - before.heapUsed),
    loadAverage: loadWhileMatching,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
