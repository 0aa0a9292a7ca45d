import { PartnerHeader } from '../../../shared/integration-paths.ts';

/**
 * The signing recipes of the integration reference (decision 059), in shell, Node.js and Python: a
 * partner's server signing its calls (HMAC-SHA256 of ts + METHOD + path + raw body, decision 021)
 * and a partner's receiver verifying our Standard Webhooks deliveries (decision 050). Each recipe is
 * a function a partner can paste (`fn`) and a use of it; openapi-recipes.test.ts runs every `fn`
 * against the real server and the real webhook signer, so a recipe that stops working fails a test.
 */

/** One entry of an operation's `x-codeSamples` (the renderer shows them as tabs). */
export interface CodeSample {
  lang: 'Shell' | 'JavaScript' | 'Python';
  label: string;
  source: string;
}

const KEY = PartnerHeader.KEY.toLowerCase();
const TS = PartnerHeader.TS.toLowerCase();
const SIG = PartnerHeader.SIG.toLowerCase();

/** A JSON value as a Python literal (the examples hold strings, numbers, booleans, null, lists and objects). */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`).join(', ')}}`;
  return JSON.stringify(value);
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Shell: sign and send one call with curl (openssl computes the HMAC). */
export const SHELL_SIGNED_CALL = `# Sign and send one call: call_signed METHOD PATH [RAW_BODY]
# PARTNER_ID, PARTNER_SECRET and BASE_URL (our host) come from the environment.
call_signed() {
  method=$1; path=$2; body=\${3-}
  ts="$(date +%s)000"   # milliseconds since 1970 (a second's precision is enough)
  sig=$(printf '%s' "$ts$method$path$body" | openssl dgst -sha256 -hmac "$PARTNER_SECRET" -r | cut -d' ' -f1)
  if [ -n "$body" ]; then
    curl -sS -X "$method" "$BASE_URL$path" -H 'content-type: application/json' \\
      -H "${KEY}: $PARTNER_ID" -H "${TS}: $ts" -H "${SIG}: $sig" --data-raw "$body"
  else
    curl -sS -X "$method" "$BASE_URL$path" -H "${KEY}: $PARTNER_ID" -H "${TS}: $ts" -H "${SIG}: $sig"
  fi
}`;

/** Node.js 18 or later: sign with node:crypto, send with fetch. */
export const NODE_SIGNED_CALL = `import { createHmac } from 'node:crypto';

// PARTNER_ID, PARTNER_SECRET and BASE_URL (our host) come from the environment.
async function callSigned(method, path, body) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const ts = String(Date.now());
  const sig = createHmac('sha256', process.env.PARTNER_SECRET).update(ts + method + path + raw).digest('hex');
  const headers = { '${KEY}': process.env.PARTNER_ID, '${TS}': ts, '${SIG}': sig };
  if (raw) headers['content-type'] = 'application/json';
  const res = await fetch(process.env.BASE_URL + path, { method, headers, body: raw || undefined });
  return res.json();
}`;

/** Python 3, standard library only. */
export const PYTHON_SIGNED_CALL = `import hashlib, hmac, json, os, time, urllib.request

# PARTNER_ID, PARTNER_SECRET and BASE_URL (our host) come from the environment.
def call_signed(method, path, body=None):
    raw = "" if body is None else json.dumps(body, separators=(",", ":"))
    ts = str(int(time.time() * 1000))
    sig = hmac.new(os.environ["PARTNER_SECRET"].encode(), (ts + method + path + raw).encode(), hashlib.sha256).hexdigest()
    headers = {"${KEY}": os.environ["PARTNER_ID"], "${TS}": ts, "${SIG}": sig}
    if raw:
        headers["content-type"] = "application/json"
    request = urllib.request.Request(os.environ["BASE_URL"] + path, data=raw.encode() or None, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)`;

/** The recipes for one signed operation: the function and its call with this operation's example. */
export function signedCallSamples(method: string, path: string, body?: unknown): CodeSample[] {
  const raw = body === undefined ? '' : JSON.stringify(body);
  return [
    { lang: 'Shell', label: 'curl', source: `${SHELL_SIGNED_CALL}\n\ncall_signed ${method} ${shellQuote(path)}${raw ? ` ${shellQuote(raw)}` : ''}` },
    { lang: 'JavaScript', label: 'Node.js', source: `${NODE_SIGNED_CALL}\n\nconsole.log(JSON.stringify(await callSigned(${JSON.stringify(method)}, ${JSON.stringify(path)}${body === undefined ? '' : `, ${JSON.stringify(body)}`})));` },
    { lang: 'Python', label: 'Python', source: `${PYTHON_SIGNED_CALL}\n\nprint(json.dumps(call_signed(${JSON.stringify(method)}, ${JSON.stringify(path)}${body === undefined ? '' : `, ${pythonLiteral(body)}`})))` },
  ];
}

/** Shell: verify a delivery (for a quick check by hand: the comparison is not constant-time). */
export const SHELL_VERIFY_WEBHOOK = `# verify_webhook SECRET WEBHOOK_ID WEBHOOK_TIMESTAMP WEBHOOK_SIGNATURE < raw-body
verify_webhook() {
  key=$(printf '%s' "\${1#whsec_}" | base64 -d | od -An -v -tx1 | tr -d ' \\n')
  expected="v1,$({ printf '%s.%s.' "$2" "$3"; cat; } | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$key" -binary | base64 | tr -d '\\n')"
  now=$(date +%s)
  [ $((now - $3)) -le 300 ] && [ $(($3 - now)) -le 300 ] || return 1
  for s in $4; do [ "$s" = "$expected" ] && return 0; done
  return 1
}`;

/** Node.js: verify a delivery with node:crypto (any Standard Webhooks library does the same). */
export const NODE_VERIFY_WEBHOOK = `import { createHmac, timingSafeEqual } from 'node:crypto';

// headers: the request's headers (lowercase names); rawBody: the body exactly as received (a string).
function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'], ts = headers['webhook-timestamp'], signatures = headers['webhook-signature'];
  if (!id || !ts || !signatures || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(id + '.' + ts + '.' + rawBody).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/** Python 3: verify a delivery with the standard library. */
export const PYTHON_VERIFY_WEBHOOK = `import base64, hashlib, hmac, time

# headers: the request's headers (lowercase names); raw_body: the body exactly as received (bytes).
def verify_webhook(secret, headers, raw_body):
    msg_id, ts, signatures = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not msg_id or not ts or not signatures or abs(time.time() - int(ts)) > 300:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.".encode() + raw_body, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(entry[3:].encode(), expected.encode()) for entry in signatures.split(" ") if entry.startswith("v1,"))`;

/** How each verifier is used in a receiver (shown under the function; not run by the tests). */
const NODE_RECEIVER = `import { createServer } from 'node:http';

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks).toString('utf8');
    if (!verifyWebhook(process.env.WEBHOOK_SECRET, req.headers, rawBody)) return res.writeHead(400).end();
    const event = JSON.parse(rawBody); // deduplicate on req.headers['webhook-id'], then act on event.type
    res.writeHead(204).end();
  });
}).listen(8080);`;

const PYTHON_RECEIVER = `# e.g. in Flask: verify_webhook(os.environ["WEBHOOK_SECRET"], {k.lower(): v for k, v in request.headers.items()}, request.get_data())`;

const SHELL_RECEIVER = `verify_webhook "$WEBHOOK_SECRET" "$id" "$timestamp" "$signature" < body.json && echo valid`;

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

/** The markdown of the two recipes for the reference's description. */
export function signingRecipesMarkdown(example: { path: string; body: unknown }): string {
  const [shell, node, python] = signedCallSamples('POST', example.path, example.body);
  return `### Shell (curl and openssl)

${fence('bash', shell!.source)}

### Node.js

${fence('javascript', node!.source)}

### Python

${fence('python', python!.source)}`;
}

export function webhookRecipesMarkdown(): string {
  return `### Node.js

${fence('javascript', `${NODE_VERIFY_WEBHOOK}\n\n${NODE_RECEIVER}`)}

### Python

${fence('python', `${PYTHON_VERIFY_WEBHOOK}\n\n${PYTHON_RECEIVER}`)}

### Shell (openssl)

${fence('bash', `${SHELL_VERIFY_WEBHOOK}\n\n${SHELL_RECEIVER}`)}`;
}
