/**
 * The relay section's event writer, in a process of its own on the app's database (what many users'
 * and reviewers' changes do to the outbox, without their requests' cost in the app's process):
 * `POST /produce?rate=R&seconds=S&users=U&first=F` writes R `kyc.level.status_changed` events a second
 * for S seconds (level 1 submitted) through the outbox's own `publishIn`, a transaction every 50 ms,
 * spread over the U users `bench-user-F` … `bench-user-(F+U-1)` (the relay keeps each user's events in
 * order, so one user would measure one line of deliveries), and answers how many it wrote and how
 * long that took. `POST /link?business=B&users=U&first=F` makes those users the business's applicants
 * (as the partners module does when it links one, `linkAudienceIn`): the business's endpoint gets
 * their events and no one else's. `GET /unsequenced` answers how many written events have no position
 * yet. 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../src/server/config.ts';
import { createDb } from '../../src/server/db/index.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { linkAudienceIn, publishIn } from '../../src/server/modules/events/events.service.ts';
import { StepStatus } from '../../src/shared/kyc.ts';

const TICK_MS = 50;

export async function startProducer(config: Config): Promise<number> {
  const db = createDb(config.database);
  let next = 0;
  const userOf = (first: number, users: number) => `bench-user-${first + (next++ % users)}`;
  async function produce(rate: number, seconds: number, users: number, first: number) {
    const started = performance.now();
    let written = 0;
    const total = Math.round(rate * seconds);
    while (written < total) {
      // As many as the rate asks for by now: a slow transaction is made up for by the next one.
      const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * rate)) - written;
      if (due > 0) {
        await inTransaction(db, async (trx) => {
          for (let i = 0; i < due; i++) {
            // A submission (ALLOW → PENDING), the most frequent change: the relay is measured, not the
            // modules' own reactions to an approval (EDD assessment, screening), which a thousand
            // approvals a second of users who do not exist would set off.
            await publishIn(trx, 'kyc.level.status_changed', { userId: userOf(first, users), level: 1, previousStatus: StepStatus.ALLOW, status: StepStatus.PENDING, cause: 'SUBMIT', reasonCodes: [], applicationId: null });
          }
        });
        written += due;
      }
      await sleep(TICK_MS);
    }
    return { written, ms: Math.round(performance.now() - started) };
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/unsequenced') {
      db.selectFrom('domain_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('position', 'is', null)
        .executeTakeFirstOrThrow()
        .then(
          (r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ unsequenced: Number(r.n) })),
          (err: unknown) => res.writeHead(500).end(String(err)),
        );
      return;
    }
    const n = (name: string) => Number(url.searchParams.get(name));
    if (req.method === 'POST' && url.pathname === '/link') {
      const business = url.searchParams.get('business') ?? '';
      inTransaction(db, async (trx) => {
        for (let k = 0; k < n('users'); k++) await linkAudienceIn(trx, `bench-user-${n('first') + k}`, business);
      }).then(
        () => res.writeHead(204).end(),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/produce') {
      res.writeHead(404).end();
      return;
    }
    produce(n('rate'), n('seconds'), n('users'), n('first')).then(
      (r) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r)),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}
