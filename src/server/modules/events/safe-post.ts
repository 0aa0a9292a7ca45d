import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outgoing webhook requests (decision 050), safe against SSRF: the host's every address is checked
 * after DNS resolution and the connection goes to a checked address (no second lookup a rebinding
 * DNS could answer differently); private, loopback, link-local, unique-local, carrier-grade NAT,
 * multicast and reserved ranges are refused unless allowed (WEBHOOK_ALLOW_PRIVATE_ADDRESSES: internal
 * receivers, tests). No redirects are followed (a 3xx is a failed attempt); a short time limit.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one a webhook may not reach (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to ${address}, a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE_ADDRESSES is off)`);
    this.name = 'ForbiddenAddressError';
  }
}

/** A lookup for http.request that refuses a host when any of its addresses is forbidden. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const bad = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface PostResult {
  status: number | null;
  latencyMs: number;
  /** The first bytes of the answer (for the delivery log), or null. */
  excerpt: string | null;
  error: string | null;
}

const EXCERPT_BYTES = 512;

/**
 * Connections kept open between attempts (a receiver taking a thousand deliveries a second is not
 * connected to a thousand times): one pool per protocol and address policy. The address check is the
 * pool's lookup, so every new connection is checked and a kept one is to an address already checked.
 */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 32, maxFreeSockets: 32, lookup: checkedLookup(allowPrivate) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** POSTs `body` to `url` once; never throws (a refusal, a timeout or a network error is in `error`). */
export function safePost(url: string, body: string, headers: Record<string, string>, { timeoutMs, allowPrivate }: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, latencyMs: 0, excerpt: null, error: 'invalid URL' });
      return;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      resolve({ status: null, latencyMs: 0, excerpt: null, error: 'only http(s) URLs' });
      return;
    }
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    // An address literal is never looked up: checked here.
    if (!allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      resolve({ status: null, latencyMs: 0, excerpt: null, error: new ForbiddenAddressError(host, host).message });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'user-accounts-webhooks/1', 'content-length': String(Buffer.byteLength(body)), ...headers },
        timeout: timeoutMs,
        agent: agentFor(target.protocol, allowPrivate),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(c);
          size += c.length;
          // Enough read for the log: the rest is not waited for.
          if (size >= EXCERPT_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? null, latencyMs: elapsed(), excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') || null, error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const hardLimit = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (err) => resolve({ status: null, latencyMs: elapsed(), excerpt: null, error: err.message.slice(0, 300) }));
    req.on('close', () => clearTimeout(hardLimit));
    req.end(body);
  });
}
