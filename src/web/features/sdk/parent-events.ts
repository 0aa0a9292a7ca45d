import { SDK_EVENT_SOURCE, type SdkEvent } from '../../../shared/sdk-page.ts';

/** What the embedded flow tells its parent page (documented in decision 021 and the API reference). */
export interface SdkEventMessage {
  source: typeof SDK_EVENT_SOURCE;
  version: 1;
  type: SdkEvent;
  payload: Record<string, unknown>;
}

type Target = { postMessage: (message: unknown, targetOrigin: string) => void };

/**
 * Posts an event to the page that embeds the flow, to its exact origin (the access token's origin,
 * from the business's allowlist), never '*': another page cannot read it, and when the parent is
 * not that origin the browser drops the message. Not embedded (a top-level window): nothing is sent.
 */
export function postToParent(type: SdkEvent, payload: Record<string, unknown>, parentOrigin: string | undefined, win: { parent: Target | null; self?: unknown } = window): boolean {
  if (!parentOrigin || !/^https?:\/\/[^/]+$/.test(parentOrigin)) return false;
  const parent = win.parent;
  if (!parent || (parent as unknown) === win || parent === win.self) return false;
  const message: SdkEventMessage = { source: SDK_EVENT_SOURCE, version: 1, type, payload };
  parent.postMessage(message, parentOrigin);
  return true;
}
