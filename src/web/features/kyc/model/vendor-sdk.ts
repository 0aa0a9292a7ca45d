import { Provider } from '../../../../shared/kyc.ts';

/**
 * Starting a vendor's web SDK in our page (decision 016). The script comes from the vendor's own
 * origin (the CSP allows exactly the configured vendors); offline, from its local fake, which offers
 * the same surface. Each vendor's launch call follows its documented API.
 */

/** The vendors' names as they brand themselves (not translated). */
export const VENDOR_NAMES: Record<Provider, string> = {
  PROVIDER_SUMSUB: 'Sumsub',
  PROVIDER_ONFIDO: 'Onfido',
  PROVIDER_JUMIO: 'Jumio',
  PROVIDER_IDNOW: 'IDnow',
  PROVIDER_AAI: 'ADVANCE.AI',
  PROVIDER_DEFAULT: '',
};

interface SumsubBuilder {
  withConf(conf: { lang?: string }): SumsubBuilder;
  on(event: string, handler: (payload: unknown) => void): SumsubBuilder;
  build(): { launch(selector: string): unknown };
}
interface VendorGlobals {
  snsWebSdk?: { init(token: string, refresh: () => Promise<string>): SumsubBuilder };
  Onfido?: { init(options: { token: string; workflowRunId?: string; containerId: string; onComplete: () => void; onError?: (e: unknown) => void }): unknown };
}

const loaded = new Map<string, Promise<void>>();

/** Adds the vendor's script once; resolves when it ran, rejects when it could not be loaded. */
export function loadScript(src: string): Promise<void> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, p);
  }
  return p;
}

export interface LaunchOptions {
  provider: Provider;
  sdkUrl: string;
  token: string;
  externalId: string;
  /** The element's id the SDK renders into. */
  containerId: string;
  language: string;
  /** A fresh token when the SDK's expires (Sumsub asks for one). */
  refreshToken: () => Promise<string>;
  /** The user sent everything (the SDK's own "submitted" event: UX only, the webhook decides). */
  onSubmitted: () => void;
}

/** Loads the vendor's SDK and launches it in the container. */
export async function launchVendorSdk(o: LaunchOptions): Promise<void> {
  await loadScript(o.sdkUrl);
  const w = window as unknown as VendorGlobals;
  if (o.provider === Provider.PROVIDER_SUMSUB && w.snsWebSdk) {
    w.snsWebSdk
      .init(o.token, o.refreshToken)
      .withConf({ lang: o.language.split('-')[0] })
      .on('idCheck.onApplicantSubmitted', () => o.onSubmitted())
      .build()
      .launch(`#${o.containerId}`);
    return;
  }
  if (o.provider === Provider.PROVIDER_ONFIDO && w.Onfido) {
    w.Onfido.init({ token: o.token, workflowRunId: o.externalId, containerId: o.containerId, onComplete: () => o.onSubmitted() });
    return;
  }
  throw new Error(`no web SDK for ${o.provider}`);
}
