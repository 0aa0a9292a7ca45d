import type { Provider } from '../../../shared/kyc.ts';

/**
 * Failures at the boundary with a vendor. The kyc module turns the first two into the translated
 * KYC_PROVIDER_UNAVAILABLE for the user; the webhook route turns WebhookRejected into its status.
 */

/** The vendor did not answer in time, or kept failing (network, 5xx, 429) after the retries. */
export class VendorUnavailableError extends Error {
  readonly provider: Provider;
  constructor(provider: Provider, message: string, options?: { cause?: unknown }) {
    super(`${provider}: ${message}`, options);
    this.name = 'VendorUnavailableError';
    this.provider = provider;
  }
}

/** The vendor answered something we cannot use: an unexpected status, or a body off its documented shape. */
export class VendorProtocolError extends Error {
  readonly provider: Provider;
  readonly status: number | null;
  constructor(provider: Provider, message: string, status: number | null = null) {
    super(`${provider}: ${message}`);
    this.name = 'VendorProtocolError';
    this.provider = provider;
    this.status = status;
  }
}

/** A webhook we do not accept: 401 unsigned or badly signed, 400 unreadable. Nothing is written. */
export class WebhookRejected extends Error {
  readonly status: 400 | 401;
  constructor(status: 400 | 401, message: string) {
    super(message);
    this.name = 'WebhookRejected';
    this.status = status;
  }
}
