import { env } from '../../env.ts';
import { detectContainer, type Container } from './detect.ts';

let current: Container | null = null;

/** Reading window.sessionStorage itself throws where storage is disabled. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The container detected at start (main.tsx sets it; detected on first use otherwise). */
export function getContainer(): Container {
  if (!current) {
    current = detectContainer({
      href: window.location.href,
      pathname: window.location.pathname,
      userAgent: navigator.userAgent,
      storage: sessionStore(),
      appUserAgentMarker: env.appUserAgentMarker,
    });
  }
  return current;
}

export function setContainer(container: Container): void {
  current = container;
}
