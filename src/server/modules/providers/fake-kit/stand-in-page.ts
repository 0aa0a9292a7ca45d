/**
 * The stand-in for a vendor's capture UI, served by each local fake: document photo, selfie, done —
 * what the vendors' web SDKs and hosted pages do, without their scripts. It posts the pictures to
 * the fake (which then reports to our webhook as the vendor would) and finishes like the vendor:
 * a message to the embedding page (SDK in a frame) or a redirect to the return URL (hosted page).
 * In English: a vendor's UI is translated by the vendor, not by us.
 */

export interface StandInOptions {
  /** Shown as the vendor's name, e.g. "Sumsub (local stand-in)". */
  vendor: string;
  /** The vendor's brand colour (CSS). */
  brand: string;
  /** Where the pictures are POSTed (multipart: document, selfie, sandboxResult). */
  submitUrl: string;
  /** How the page ends: a postMessage to the embedding page, or a redirect. */
  finish: { kind: 'message'; targetOrigin: string; message: Record<string, unknown> } | { kind: 'redirect'; url: string };
  /** Offer the sandbox's result choice (local demo: the fake reviews by itself). */
  sandbox: boolean;
  /** Level 2 asks for a proof of address instead of an identity document and a selfie. */
  level: 1 | 2;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function standInPage(o: StandInOptions): string {
  const steps =
    o.level === 1
      ? [
          { name: 'document', label: 'Photo of your identity document (front)', capture: 'environment' },
          { name: 'selfie', label: 'A selfie', capture: 'user' },
        ]
      : [{ name: 'document', label: 'Proof of address (a utility bill or bank statement, less than 3 months old)', capture: 'environment' }];
  const fields = steps
    .map(
      (s, i) => `<fieldset data-step="${i}" ${i > 0 ? 'hidden' : ''}>
  <legend>Step ${i + 1} of ${steps.length + 1}</legend>
  <label for="${s.name}">${esc(s.label)}</label>
  <input id="${s.name}" name="${s.name}" type="file" accept="image/*" capture="${s.capture}" required>
  <button type="button" class="next">Continue</button>
</fieldset>`,
    )
    .join('\n');
  const sandbox = o.sandbox
    ? `<label for="sandboxResult">Sandbox review result</label>
  <select id="sandboxResult" name="sandboxResult">
    <option value="GREEN">Approve</option>
    <option value="RED_RETRY">Reject, may retry (bad photo)</option>
    <option value="RED_FINAL">Reject for good (fraud)</option>
  </select>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.vendor)} verification</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#111;background:#fff}
header{display:flex;align-items:center;gap:8px;margin-bottom:16px;font-weight:600}
.dot{width:14px;height:14px;border-radius:50%;background:${esc(o.brand)}}
fieldset{border:1px solid #ddd;border-radius:8px;padding:16px;display:flex;flex-direction:column;gap:12px;max-width:480px}
button{background:${esc(o.brand)};color:#fff;border:0;border-radius:6px;padding:12px 16px;font-size:16px;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #333;outline-offset:2px}
[role=alert]{color:#b00020}
[hidden]{display:none!important}
</style></head>
<body>
<header><span class="dot" aria-hidden="true"></span><span>${esc(o.vendor)}</span></header>
<main>
<h1 id="title" tabindex="-1">Verify your identity</h1>
<form id="capture" novalidate>
${fields}
<fieldset data-step="${steps.length}" hidden>
  <legend>Step ${steps.length + 1} of ${steps.length + 1}</legend>
  <p>Check that your pictures are sharp and complete, then send them.</p>
  ${sandbox}
  <button type="submit">Submit</button>
</fieldset>
<p id="error" role="alert"></p>
</form>
<section id="done" hidden aria-live="polite"><h2>Thank you</h2><p>Your documents were submitted. You can return to the exchange; the result arrives there.</p></section>
</main>
<script>
(function(){
  var form=document.getElementById('capture'),error=document.getElementById('error');
  var sets=[].slice.call(form.querySelectorAll('fieldset'));
  function show(i){sets.forEach(function(f,j){f.hidden=j!==i});var first=sets[i].querySelector('input,select,button');if(first)first.focus();}
  sets.forEach(function(f,i){var b=f.querySelector('.next');if(!b)return;b.addEventListener('click',function(){
    var input=f.querySelector('input');if(input&&!input.files.length){error.textContent='Please add the picture first.';input.focus();return;}
    error.textContent='';show(i+1);});});
  form.addEventListener('submit',function(e){e.preventDefault();error.textContent='';
    var button=form.querySelector('button[type=submit]');button.disabled=true;button.textContent='Sending…';
    fetch(${JSON.stringify(o.submitUrl)},{method:'POST',body:new FormData(form)}).then(function(r){
      if(!r.ok)throw new Error('HTTP '+r.status);
      form.hidden=true;document.getElementById('done').hidden=false;document.getElementById('title').focus();
      var finish=${JSON.stringify(o.finish)};
      if(finish.kind==='message'&&window.parent!==window)window.parent.postMessage(finish.message,finish.targetOrigin);
      if(finish.kind==='redirect')window.location.assign(finish.url);
    }).catch(function(){button.disabled=false;button.textContent='Submit';error.textContent='Sending failed. Please try again.';});
  });
})();
</script>
</body></html>`;
}

/** Reads the multipart body the stand-in page posts: which parts came, their sizes, and the sandbox choice. */
export async function readStandInSubmission(body: Buffer, contentType: string | undefined): Promise<{ files: Record<string, number>; sandboxResult: string | null }> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType ?? '' } }).formData();
  const files: Record<string, number> = {};
  let sandboxResult: string | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (name === 'sandboxResult') sandboxResult = value;
    } else files[name] = value.size;
  }
  return { files, sandboxResult };
}
