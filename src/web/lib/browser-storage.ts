/**
 * The browser's localStorage, or undefined where reading it throws: storage disabled, and a frame
 * on another site whose browser blocks third-party storage (the SDK flow embedded by a partner,
 * decision 021). Callers then simply remember nothing.
 */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
