import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { IntegrationPath, PARTNER_DEMO_PATH, PartnerHeader } from '../../../shared/integration-paths.ts';
import { DEMO_PARTNER_ID, DEMO_PARTNER_SECRET, partnerSignature } from '../partners/partners.service.ts';
import { connectDemoEndpoint, createDemoReceiver } from './partner-demo-webhooks.ts';

/**
 * The demo partner page (decision 021): what an integrator builds, served by `npm start` at
 * /partner-demo/ with the demo business `demo-partner` (its secret is published: demo databases
 * only, so it is registered only when the demo data is). Its "backend" (POST session) signs the
 * access-token call exactly as a partner's server would; its page embeds the SDK flow in an iframe,
 * listens to its postMessage events and is where the jump-back lands (/partner-demo/done).
 *
 * The flow is framed from the other loopback name (page on 127.0.0.1 -> SDK on localhost and back),
 * so even on one machine the partner and the exchange are two origins, as in production.
 */
const html = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="${PARTNER_DEMO_PATH}demo.css"></head>
<body><header><strong>Demo Partner</strong> <span>a wallet that embeds the exchange's identity verification</span></header><main>${body}</main>
<script src="${PARTNER_DEMO_PATH}demo.js"></script></body></html>`;

const PAGE = html(
  'Demo Partner: verify with the exchange',
  `<h1>Verify your identity</h1>
<p>Demo Partner uses the exchange's verification. Our server asks for an access token (signed with our API secret) and this page embeds the flow.</p>
<form id="start"><label for="external">Your user id at Demo Partner</label> <input id="external" name="external" value="demo-user-1" required maxlength="64"> <label for="language">Language</label> <select id="language" name="language"><option value="">The business's default (Spanish)</option><option value="en">English</option><option value="de-DE">Deutsch</option><option value="es-ES">Español</option></select> <button type="submit">Verify with the exchange</button></form>
<p id="status" role="status"></p>
<div id="frame-host"></div>
<h2>Events from the flow</h2>
<ol id="events" aria-label="Events from the flow"></ol>
<h2>Webhooks our backend received</h2>
<p>Our backend's endpoint receives the exchange's signed events for our applicants and verifies each with the Standard Webhooks package (newest first, shown live).</p>
<p id="webhooks-state" role="status"></p>
<ol id="webhooks" aria-label="Webhooks our backend received"></ol>`,
);

const DONE = html('Demo Partner: welcome back', `<h1>Welcome back to Demo Partner</h1><p id="done-status">Your verification was handed back to us.</p><p><a href="${PARTNER_DEMO_PATH}">Start again</a></p>`);

const CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#121214}header{background:#0b3d2e;color:#fff;padding:12px 20px}main{max-width:760px;margin:0 auto;padding:20px}
iframe{width:100%;height:720px;border:1px solid #ccd;border-radius:8px;margin-top:12px}#events{font-family:monospace;font-size:13px}input{padding:6px}button{padding:6px 12px}`;

/** The page's own script: a partner's real integration would look like this. */
const SCRIPT = `(() => {
  // The webhooks our backend received, read every two seconds.
  const hooks = document.getElementById('webhooks');
  if (hooks) {
    const poll = async () => {
      try {
        const res = await fetch('${PARTNER_DEMO_PATH}webhooks.json');
        const body = await res.json();
        document.getElementById('webhooks-state').textContent = body.connected ? (body.received.length === 0 ? 'Waiting for the first webhook…' : '') : 'Webhooks are off: the server does not allow its own address as an endpoint (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false).';
        hooks.replaceChildren(...body.received.map((w) => {
          const li = document.createElement('li');
          li.dataset.webhookId = w.id;
          li.textContent = w.type + ' at ' + new Date(w.timestamp || w.receivedAt).toLocaleTimeString() + ': ' + (w.verified ? 'signature verified \u2713' : 'signature NOT verified \u2717');
          return li;
        }));
      } catch {}
      setTimeout(poll, 2000);
    };
    void poll();
  }
  const form = document.getElementById('start');
  if (!form) return;
  let sdkOrigin = null;
  window.addEventListener('message', (event) => {
    // Only messages from the exchange's origin, and only ours.
    if (event.origin !== sdkOrigin || !event.data || event.data.source !== 'user-accounts-sdk') return;
    const li = document.createElement('li');
    li.textContent = event.data.type + ' ' + JSON.stringify(event.data.payload);
    document.getElementById('events').appendChild(li);
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const status = document.getElementById('status');
    status.textContent = 'Asking our server for an access token…';
    const res = await fetch('${PARTNER_DEMO_PATH}session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ externalUserId: document.getElementById('external').value, language: document.getElementById('language').value }) });
    const body = await res.json();
    if (!res.ok || !body.sdkUrl) { status.textContent = 'No token: ' + (body.error || res.status); return; }
    sdkOrigin = new URL(body.sdkUrl).origin;
    const frame = document.createElement('iframe');
    frame.title = 'Identity verification';
    frame.allow = 'camera';
    frame.src = body.sdkUrl;
    document.getElementById('frame-host').replaceChildren(frame);
    status.textContent = 'Verification opened below.';
  });
})();`;

/** The other loopback name for the SDK iframe (two origins on one machine); any other host: itself. */
function sdkOriginFor(pageOrigin: string): string {
  const url = new URL(pageOrigin);
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.origin;
}

const pageOriginOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const partnerDemoRoutes: FastifyPluginAsync = async (app) => {
  // Decision 056: the demo business's webhook endpoint is this page's own receiver, connected once the
  // server listens (its address is known then); only where private addresses may be endpoints.
  const receiver = createDemoReceiver();
  const receiverPath = `${PARTNER_DEMO_PATH}webhooks`;
  app.addHook('onListen', async () => {
    if (!app.config.webhooks.allowPrivate) {
      app.log.info('partner demo: no webhooks (WEBHOOK_ALLOW_PRIVATE_ADDRESSES=false refuses its own loopback receiver)');
      return;
    }
    const { port } = app.server.address() as AddressInfo;
    try {
      receiver.setSecret(await connectDemoEndpoint(app.services.events, `http://127.0.0.1:${port}${receiverPath}`));
    } catch (err) {
      app.log.warn({ err }, 'partner demo: its webhook endpoint could not be registered');
    }
  });
  await app.register(async (scope) => {
    // The signature is over the raw bytes: this route keeps the body as the string it arrived as.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(receiverPath, async (request, reply) => {
      const ok = receiver.receive(typeof request.body === 'string' ? request.body : '', request.headers);
      return reply.status(ok ? 204 : 400).send();
    });
  });
  app.get(`${PARTNER_DEMO_PATH}webhooks.json`, async (_request, reply) => reply.header('cache-control', 'no-store').send({ connected: receiver.connected, received: receiver.list() }));

  const csp = (request: FastifyRequest) =>
    `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-src ${sdkOriginFor(pageOriginOf(request))}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`;

  app.get(PARTNER_DEMO_PATH, (request, reply) => reply.header('content-security-policy', csp(request)).type('text/html; charset=utf-8').send(PAGE));
  app.get(`${PARTNER_DEMO_PATH}done`, (request, reply) => reply.header('content-security-policy', csp(request)).type('text/html; charset=utf-8').send(DONE));
  app.get(`${PARTNER_DEMO_PATH}demo.js`, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));
  app.get(`${PARTNER_DEMO_PATH}demo.css`, (_request, reply) => reply.type('text/css; charset=utf-8').send(CSS));

  // The partner's backend: signs POST access-token with the demo secret, as the README shows.
  app.post<{ Body: { externalUserId?: unknown; language?: unknown } }>(`${PARTNER_DEMO_PATH}session`, async (request, reply) => {
    const externalUserId = typeof request.body?.externalUserId === 'string' ? request.body.externalUserId.trim().slice(0, 64) : '';
    const language = typeof request.body?.language === 'string' && /^[a-z]{2}(-[A-Z]{2})?$/.test(request.body.language) ? request.body.language : undefined;
    if (!externalUserId) return reply.status(400).send({ error: 'externalUserId required' });
    const pageOrigin = pageOriginOf(request);
    const path = `${API_PREFIX}${IntegrationPath.integrationAccessToken}`;
    const raw = JSON.stringify({ externalUserId, level: 1, ...(language ? { language } : {}), origin: pageOrigin, redirect_url: `${pageOrigin}${PARTNER_DEMO_PATH}done`, isUpdatePoi: false });
    const ts = String(Date.now());
    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', [PartnerHeader.KEY]: DEMO_PARTNER_ID, [PartnerHeader.TS]: ts, [PartnerHeader.SIG]: partnerSignature(DEMO_PARTNER_SECRET, ts, 'POST', path, raw) },
      payload: raw,
    });
    const body = answer.json<{ ret_code: number; ret_msg: string; result: { sdkUrl: string } }>();
    if (body.ret_code !== 0) return reply.status(502).send({ error: `${body.ret_code} ${body.ret_msg}` });
    return { sdkUrl: `${sdkOriginFor(pageOrigin)}${body.result.sdkUrl}` };
  });
};
