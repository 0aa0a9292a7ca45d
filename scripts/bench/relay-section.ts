/**
 * The bench's relay section (issue 29): the outbox relayed as Standard Webhooks deliveries to a
 * local receiver while users' requests go on. Three processes besides the bench's load generator:
 * the app (started by the bench with WEBHOOK_ALLOW_PRIVATE_ADDRESSES, the receiver being on
 * 127.0.0.1), the receiver (relay-receiver.ts) and the event writer (relay-producer.ts) on the app's
 * database. An administrator registers an exchange-wide endpoint for every event through the console
 * API; the writer writes `rate` events a second for the measured time plus a little; the receiver
 * counts what arrives and how late. Measured: delivered per second while events are written, their
 * lag (arrival minus the event's time) p50/p99, how long the backlog took to drain afterwards, and a
 * user's kyc-info p99 in three states, in this order: nothing running; the same writes with no
 * endpoint (the events are written, sequenced and read by the server's subscribers, none delivered);
 * relaying; then the writes with the endpoint disabled; then nothing running again. The relay's own
 * effect is its p99 against the writes' without it (decision 075); each reference is the lower p99 of
 * its two runs, one before and one after. The ratio to nothing running is printed beside it. The writer
 * and the receiver run in the idle scheduling class (decision 074): they are the bench's, not the server's.
 * Targets: the relay keeps up with 1,000 events/s and kyc-info's p99 stays within 1.5x, on
 * PostgreSQL (issue 29). Not on SQLite: there one server process is the database's only writer, and
 * an event writer of its own would be a second one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { DEMO_ADMIN_PASSWORD } from '../../src/server/seed.ts';
import { startChild } from './child.ts';
import { runLoad, type LoadResult } from './load.ts';

export const RELAY_TARGETS = { eventsPerSecond: 1000, p99Ratio: 1.5 } as const;
type Line = (label: string, text: string) => void;
const json = { 'content-type': 'application/json' };
/** Users the events are spread over (the relay keeps each user's deliveries in order, one at a time). */
const USERS = 1000;
/** kyc-info requests a second offered while the relay runs (and alone, for the reference). */
const KYC_INFO_RATE = 200;
/** The receiver must have every event this long after the writer stopped, or the relay did not keep up. */
const DRAIN_LIMIT_MS = 60_000;

interface ReceiverStats {
  received: number;
  duplicates: number;
  firstAt: number;
  lastAt: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/x-api/v1/user/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`bench: login of ${email} failed (HTTP ${res.status})`);
  return cookie;
}

export async function relaySection(opts: { port: number; user: string; dataDir: string; seconds: number; database: string; env: Record<string, string>; line: Line; fmtLoad: (r: LoadResult) => string; x: (n: number) => string }) {
  const { port, user, dataDir, seconds, database, env, line, fmtLoad, x } = opts;
  const rate = RELAY_TARGETS.eventsPerSecond;
  console.log(`\nWebhook relay (${database}): ${rate.toLocaleString('en-US')} events/s over ${USERS} users to a local receiver, kyc-info at ${KYC_INFO_RATE} req/s offered (evenly spaced) over at most 4 connections, ${seconds} s a run, against the same writes without the relay and against nothing running; the writer and the receiver in the idle scheduling class`);
  const base = `http://127.0.0.1:${port}`;
  // The writer and the receiver stand in for other machines (the servers whose users' changes make
  // the events, the partner's receiver): in the idle scheduling class, they take only what the
  // measured server and its database leave of the two cores (decision 074). The writer's database
  // work is the database's, at its normal priority, as the writes of other servers would be.
  const receiver = await startChild<{ port: number }>(['receiver'], {}, undefined, { idle: true });
  // On the app's database: its DATA_DIR's SQLite file, or its DATABASE_URL.
  const producer = await startChild<{ port: number }>(['producer'], { ...env, DATA_DIR: dataDir, DEMO: 'true' }, undefined, { idle: true });
  try {
    const receiverUrl = `http://127.0.0.1:${receiver.info.port}`;
    const stats = async () => (await (await fetch(`${receiverUrl}/stats`)).json()) as ReceiverStats;
    const admin = await login(base, 'admin@example.com', DEMO_ADMIN_PASSWORD);
    // A user's requests at a steady rate (what users send), not as fast as answered: a saturating load
    // would measure how the relay's share of two cores is taken from the requests, not their latency.
    const kycInfo = () => runLoad({ url: `${base}/x-api/v3/private/kyc/kyc-info`, method: 'POST', headers: { ...json, cookie: user }, body: '{}', connections: 4, rate: KYC_INFO_RATE, seconds, expect: 'envelope' });

    const produce = (seconds: number) => {
      const writing = fetch(`http://127.0.0.1:${producer.info.port}/produce?rate=${rate}&seconds=${seconds}&users=${USERS}`, { method: 'POST' }).then(async (r) => {
        if (!r.ok) throw new Error(`bench: the event writer failed: ${await r.text()}`);
        return (await r.json()) as { written: number; ms: number };
      });
      // Awaited later; a failure meanwhile must not end the bench before its processes are stopped.
      writing.catch(() => undefined);
      return writing;
    };
    // Writing lasts the measure plus two seconds each side: the measure sees the server in its stride.
    const writeSeconds = seconds + 4;

    await kycInfo();
    const alone = await kycInfo();
    // The same writes with no endpoint to deliver to: the events are written, sequenced and read by
    // the server's subscribers, and nothing is delivered (decision 075). The relay's own effect on a
    // user's requests is the p99 while relaying against this one's.
    const writesAlone = async () => {
      const writing = produce(writeSeconds);
      await sleep(2000);
      const measured = await kycInfo();
      await writing;
      return measured;
    };
    const writesBefore = await writesAlone();
    // A new endpoint starts after the newest position (events.service.ts createEndpoint): once every
    // event written so far has one, the endpoint receives exactly what is written from here on.
    const sequencedBy = Date.now() + DRAIN_LIMIT_MS;
    while (((await (await fetch(`http://127.0.0.1:${producer.info.port}/unsequenced`)).json()) as { unsequenced: number }).unsequenced > 0) {
      if (Date.now() > sequencedBy) throw new Error('bench: the events written without an endpoint were not all sequenced within a minute');
      await sleep(200);
    }
    const created = await fetch(`${base}/x-api/v1/console/webhooks`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ url: `${receiverUrl}/hook`, events: ['*'] }) });
    const endpoint = (await created.json()) as { ret_code: number; ret_msg?: string; result: { id: string } };
    if (endpoint.ret_code !== 0) throw new Error(`bench: registering the receiver failed: ${JSON.stringify(endpoint)}`);
    await fetch(`${receiverUrl}/reset`, { method: 'POST' });
    const writing = produce(writeSeconds);
    await sleep(2000);
    const atStart = await stats();
    const during = await kycInfo();
    const atEnd = await stats();
    const load1 = loadavg()[0];
    const written = await writing;
    const stoppedAt = Date.now();
    let final = await stats();
    while (final.received < written.written && Date.now() - stoppedAt < DRAIN_LIMIT_MS) {
      await sleep(200);
      final = await stats();
    }
    const drainMs = Math.max(0, final.lastAt - stoppedAt);
    // The endpoint disabled (nothing fanned out or delivered to it from now on), the writes once more.
    const disabled = await fetch(`${base}/x-api/v1/console/webhooks/${endpoint.result.id}`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ status: 'DISABLED' }) });
    if (((await disabled.json()) as { ret_code: number }).ret_code !== 0) throw new Error('bench: disabling the receiver failed');
    const writesAfter = await writesAlone();
    // Deliveries the relay still sent after the drain (it did not keep up, or the endpoint was not disabled).
    const sentAfter = (await stats()).received - final.received;
    const after = await kycInfo();
    const lower = (a: LoadResult, b: LoadResult) => (b.p99 < a.p99 ? b : a);
    const reference = lower(alone, after);
    const writesOnly = lower(writesBefore, writesAfter);
    // The relay's own effect (the target): against the same writes without it.
    const ratio = during.p99 / writesOnly.p99;
    const ratioQuiet = during.p99 / reference.p99;
    const deliveredPerSecond = Math.round((atEnd.received - atStart.received) / during.seconds);
    const keptUp = final.received >= written.written && deliveredPerSecond >= rate * 0.95;

    line('events written (own process)', `${written.written.toLocaleString('en-US')} in ${(written.ms / 1000).toFixed(1)} s: ${Math.round(written.written / (written.ms / 1000)).toLocaleString('en-US')}/s`);
    line('delivered while written', `${deliveredPerSecond.toLocaleString('en-US')}/s (target ${rate.toLocaleString('en-US')}/s ${keptUp ? 'met' : 'NOT met'}); lag p50 ${final.lagP50Ms} ms, p99 ${final.lagP99Ms} ms, max ${final.lagMaxMs} ms`);
    line('all delivered', `${final.received.toLocaleString('en-US')} of ${written.written.toLocaleString('en-US')}${final.duplicates ? `, ${final.duplicates} twice` : ''}; the last ${(drainMs / 1000).toFixed(1)} s after writing stopped`);
    line('kyc-info, nothing running (before)', fmtLoad(alone));
    line('kyc-info, nothing running (after)', `${fmtLoad(after)}  (the ratio takes the lower p99 of the two)`);
    line('kyc-info, writes, no relay (before)', fmtLoad(writesBefore));
    line('kyc-info, writes, no relay (after)', `${fmtLoad(writesAfter)}  (the lower p99 of the two: ${x(writesOnly.p99 / reference.p99)} nothing running)${sentAfter > 0 ? `; ${sentAfter} deliveries still arrived meanwhile` : ''}`);
    line('kyc-info while relaying', `${fmtLoad(during)}  p99 = ${x(ratio)} the writes' without the relay (target <= ${RELAY_TARGETS.p99Ratio}x ${ratio <= RELAY_TARGETS.p99Ratio ? 'met' : 'NOT met'}), ${x(ratioQuiet)} nothing running`);
    line('load average meanwhile', load1.toFixed(2));
    return { database, rate, users: USERS, written, deliveredPerSecond, received: final.received, duplicates: final.duplicates, lagP50Ms: final.lagP50Ms, lagP99Ms: final.lagP99Ms, drainMs, keptUp, alone, after, writesBefore, writesAfter, during, ratioP99: ratio, ratioP99NothingRunning: ratioQuiet, loadAverage: load1, targets: RELAY_TARGETS };
  } finally {
    await producer.stop();
    await receiver.stop();
  }
}
