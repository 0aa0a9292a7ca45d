import type { Actor } from '../src/server/modules/audit/audit.service.ts';

/**
 * The arguments the list-loading commands share: one file and an optional `--by <administrator e-mail>`
 * (in any order). Prints the usage and exits when the file is missing.
 */
export function fileAndBy(usage: string, args: string[] = process.argv.slice(2)): { file: string; by: string | null } {
  const byIndex = args.indexOf('--by');
  const file = args.find((a, i) => !a.startsWith('--') && (byIndex < 0 || i !== byIndex + 1));
  if (!file) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { file, by: byIndex >= 0 ? (args[byIndex + 1] ?? '') : null };
}

/** Who a load is audited as: the named administrator, else the system. */
export async function actorOf(by: string | null, userByEmail: (email: string) => Promise<{ id: string } | null | undefined>): Promise<Actor> {
  if (by === null) return { type: 'system', id: null };
  const admin = await userByEmail(by);
  if (!admin) throw new Error(`no account ${by}`);
  return { type: 'reviewer', id: admin.id };
}

/** The values of a repeatable `--flag value` in `args` (`all`), and the first of them (`one`). */
export function flagsOf(args: readonly string[]) {
  const all = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] !== undefined ? [args[i + 1]!] : []));
  return { all, one: (flag: string) => all(flag)[0] };
}
