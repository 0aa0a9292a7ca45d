import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/**
 * Browser tests of the phone handoff (e2e/capture-handoff.spec.ts) need a link that has run out
 * without waiting ten minutes. This test-only plugin, registered by e2e/support/server.ts alone
 * (never by the production entry), moves the opening deadline of the signed-in user's PENDING links
 * into the past: the server then judges them exactly as it judges any expired link.
 */
export const HANDOFF_EXPIRE_PATH = '/x-api/v1/test/handoff-expire';

async function handoffClockPlugin(app: FastifyInstance) {
  app.post(HANDOFF_EXPIRE_PATH, { schema: { body: z.strictObject({}) } }, async (request) => {
    if (!request.auth) return { ret_code: 10007, ret_msg: 'not logged in', result: {} };
    const past = new Date(Date.now() - 1000).toISOString();
    const r = await app.db.updateTable('capture_handoffs').set({ expires_at: past }).where('user_id', '=', request.auth.id).where('status', '=', 'PENDING').executeTakeFirst();
    return { ret_code: 0, ret_msg: 'OK', result: { expired: Number(r.numUpdatedRows) } };
  });
}

export default fp(handoffClockPlugin, { name: 'handoff-clock' });
