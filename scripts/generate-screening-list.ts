/**
 * Writes a generated sanctions list in OpenSanctions' simple CSV (decision 038), streamed to the file:
 *   npx node scripts/generate-screening-list.ts <out.csv> [--names 1000000] [--seed 1]
 * People with first, middle and last names of several naming cultures, aliases as respellings and in
 * other scripts, dates of birth; `--names` counts names and aliases together (a million names is about
 * 450,000 people). For the bench and for trying `npm run screening-load` at a real list's size; no real
 * person is named on purpose. Nothing generated here is committed.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { csvHeader, csvRow, syntheticPeople } from '../src/server/modules/screening/screening.service.ts';

const args = process.argv.slice(2);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const out = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!out) {
  console.error('usage: npx node scripts/generate-screening-list.ts <out.csv> [--names 1000000] [--seed 1]');
  process.exit(2);
}
const names = value('names', 1_000_000);
const file = createWriteStream(out);
let written = 0;
let people = 0;
file.write(`${csvHeader()}\n`);
for (const p of syntheticPeople(value('seed', 1), Number.MAX_SAFE_INTEGER)) {
  if (written >= names) break;
  written += 1 + p.aliases.length;
  people++;
  if (!file.write(`${csvRow(p)}\n`)) await once(file, 'drain');
}
file.end();
await once(file, 'finish');
console.log(`${out}: ${people} people, ${written} names.`);
