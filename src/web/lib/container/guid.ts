/** The device GUID cookie (§7 Guid header, §9). */
export const GUID_COOKIE = 'ua_guid';
/**
 * §9 "Device GUID cookie lifetime 120 (unit not shown)": read as days. Seconds or minutes would make
 * a device identifier useless (a new "device" every visit); 120 days is a common device-cookie span.
 * The expiry slides: every visit renews it, so an active device keeps its id.
 */
export const GUID_COOKIE_DAYS = 120;

const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A random (version 4) UUID. crypto.randomUUID exists only in secure contexts; getRandomValues everywhere. */
export function newGuid(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The device GUID: the cookie's value when it is a well-formed GUID (anything else, e.g. a tampered
 * value, is replaced), renewed for another 120 days. SameSite=Lax, Secure over https; readable by
 * the page because the request layer sends it as the `Guid` header.
 */
export function ensureGuid(doc: Pick<Document, 'cookie'> = document, now: Date = new Date(), secure = globalThis.location?.protocol === 'https:'): string {
  const existing = readCookie(doc.cookie, GUID_COOKIE)?.toLowerCase();
  const guid = existing && GUID_PATTERN.test(existing) ? existing : newGuid();
  const expires = new Date(now.getTime() + GUID_COOKIE_DAYS * 86_400_000).toUTCString();
  doc.cookie = `${GUID_COOKIE}=${guid}; Path=/; Expires=${expires}; Max-Age=${GUID_COOKIE_DAYS * 86_400}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return guid;
}
