/**
 * Results that never change once built (kyc-info's kept replies, decision 024): frozen through and
 * through, so one object can be every later reader's reply, and marked, so the envelope makes their
 * checked JSON once per route instead of on every request (plugins/envelope.ts). Its own module:
 * services mark, the envelope reads, and neither imports the other.
 */
const immutableResults = new WeakSet<object>();

export function immutableResult<T>(result: T): T {
  const freeze = (value: unknown) => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  };
  freeze(result);
  if (result !== null && typeof result === 'object') immutableResults.add(result);
  return result;
}

export function isImmutableResult(value: object): boolean {
  return immutableResults.has(value);
}
