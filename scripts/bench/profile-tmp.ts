import { csvHeader, csvRow, labelledPairs, NameIndex, syntheticPeople } from '../../src/server/modules/screening/screening.service.ts';
import { prepareName } from '../../src/server/modules/screening/name-match.ts';
const N = Number(process.argv[2] ?? 1_000_000);
const index = new NameIndex();
let written = 0; const sample: any[] = []; let page: any[] = [];
for (const p of syntheticPeople(1, Number.MAX_SAFE_INTEGER)) {
  if (written >= N) break;
  written += 1 + p.aliases.length;
  if (sample.length < 5000) sample.push(p);
  page.push({ id: p.id, name: p.name, aliases: p.aliases, birthDates: p.birthDates });
  if (page.length === 5000) { index.add(page); page = []; }
}
index.add(page); index.seal();
const users = [...syntheticPeople(99, 1000, 'user')].map((p) => ({ name: p.name, dateOfBirth: p.birthDates[0]?.length === 10 ? p.birthDates[0] : '1980-05-05' }));
const variations = labelledPairs(sample, 1000, 5).map((p) => p.query);
const all = [...users, ...variations];
for (let round = 0; round < 2; round++) {
  const rows: { name: string; t: number; cand: number; tc: number }[] = [];
  for (const u of all) {
    const t = performance.now();
    const c = (index as any).candidates(prepareName(u.name), u.dateOfBirth);
    const tc = performance.now() - t;
    index.match(u);
    rows.push({ name: u.name, t: performance.now() - t - tc, cand: c.length, tc });
  }
  const s = rows.map((r) => r.t).sort((a, b) => a - b);
  console.log('round', round, 'p50', s[Math.floor(s.length * 0.5)]!.toFixed(2), 'p99', s[Math.floor(s.length * 0.99)]!.toFixed(2));
  if (round === 1) for (const r of rows.sort((a, b) => b.t - a.t).slice(0, 25)) console.log(r.t.toFixed(1), 'cand-only', r.tc.toFixed(1), r.cand, r.name);
}
