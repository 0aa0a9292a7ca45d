import { Writable } from 'node:stream';

/**
 * How the server writes its log: JSON lines (what log collectors read) or readable lines for a person
 * at a terminal. pino writes JSON either way; the readable form is made from those lines, after
 * redaction, so both show exactly the same (redacted) facts.
 */
export const LogFormat = { AUTO: 'auto', PRETTY: 'pretty', JSON: 'json' } as const;
export type LogFormat = (typeof LogFormat)[keyof typeof LogFormat];

/** `auto`: readable on a terminal, JSON when the output goes to a file, a pipe or a collector. */
export function resolveLogFormat(setting: LogFormat, isTTY: boolean | undefined): 'pretty' | 'json' {
  if (setting === LogFormat.AUTO) return isTTY ? LogFormat.PRETTY : LogFormat.JSON;
  return setting;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLORS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has, or that are shown in their own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'responseTime', 'err', 'reqId']);

/**
 * One pino JSON line as `12:00:01.234 INFO  request completed POST /x-api/… 200 12 ms (req-1) key=value`,
 * with the error's stack on the following lines. Anything that is not a pino line passes unchanged.
 */
export function formatLogLine(line: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || typeof (parsed as { level?: unknown }).level !== 'number') return line;
    entry = parsed as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = entry.level as number;
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const parts = [time, color ? `\x1b[${LEVEL_COLORS[level] ?? '0'}m${name}\x1b[0m` : name];
  if (entry.msg !== undefined) parts.push(String(entry.msg));
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  if (entry.reqId !== undefined) parts.push(`(${String(entry.reqId)})`);
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN_APART.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  let out = parts.filter(Boolean).join(' ');
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err) out += `\n    ${(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).split('\n').join('\n    ')}`;
  return out;
}

/** A stream for pino that writes each JSON line to `out` in the readable form. */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean }): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const text = lines.filter((l) => l !== '').map((l) => `${formatLogLine(l, Boolean(out.isTTY))}\n`).join('');
      if (text) out.write(text);
      done();
    },
    final(done) {
      if (pending) out.write(`${formatLogLine(pending, Boolean(out.isTTY))}\n`);
      done();
    },
  });
}

/** Where the server's log goes for a setting: undefined = pino's own JSON to stdout. */
export function logStreamFor(setting: LogFormat, out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Writable | undefined {
  return resolveLogFormat(setting, out.isTTY) === LogFormat.PRETTY ? prettyLogStream(out) : undefined;
}
