import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ratesFeed, type RatesFeed } from '../../../shared/api/limits.ts';

/**
 * Reading RATES_URL (decision 040). The address is the operator's, but what it answers is not ours:
 * the reply is size-capped, time-limited and checked against the documented shape; a host that
 * resolves to a loopback, private or link-local address is refused unless RATES_ALLOW_PRIVATE says
 * the feed is inside the operator's network (the rule this project's first outgoing call to a
 * configurable address sets; vendors' addresses are fixed public hosts).
 */

/** Addresses a feed may not resolve to without RATES_ALLOW_PRIVATE. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local, multicast or unspecified (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Largest reply read (a rates document of ~170 currencies is a few KB). */
export const RATES_MAX_BYTES = 256 * 1024;

export class RatesFeedError extends Error {}

export interface RatesFetchOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  fetch?: typeof fetch;
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);

/** Fetches and checks the feed; throws RatesFeedError saying what was wrong (never with the URL's query). */
export async function fetchRates(url: string, { timeoutMs, allowPrivate, fetch: fetchImpl = fetch, resolve = resolveAll }: RatesFetchOptions): Promise<RatesFeed> {
  const target = new URL(url);
  if (!allowPrivate) {
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => {
      throw new RatesFeedError(`cannot resolve ${host}`);
    });
    if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new RatesFeedError(`${host} is a private address (set RATES_ALLOW_PRIVATE=true to allow it)`);
  }
  let response: Response;
  try {
    response = await fetchImpl(target, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new RatesFeedError(`${target.host} did not answer (${(err as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : 'network error'})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new RatesFeedError(`${target.host} answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > RATES_MAX_BYTES) {
    await response.body?.cancel();
    throw new RatesFeedError(`${target.host}: reply larger than ${RATES_MAX_BYTES} bytes`);
  }
  const text = await response.text();
  if (text.length > RATES_MAX_BYTES) throw new RatesFeedError(`${target.host}: reply larger than ${RATES_MAX_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RatesFeedError(`${target.host}: reply is not JSON`);
  }
  const parsed = ratesFeed.safeParse(json);
  if (!parsed.success) throw new RatesFeedError(`${target.host}: reply is not { base: "USD", time, rates } (${parsed.error.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).slice(0, 3).join('; ')})`);
  return parsed.data;
}
