import type { BackendModule, ReadCallback } from 'i18next';

/**
 * i18next's translation loader in a few lines of `fetch` (issue 15: i18next-http-backend was 2 KB
 * compressed of every first load, for XHR fallbacks, POST-ing missing keys and options we do not use).
 * It reads `{{lng}}`/`{{ns}}` in `loadPath` as that backend did, and answers i18next the same way:
 * a failed read is retried (the second argument true) on a network error or a 5xx, not on a 4xx or
 * a file that is not JSON. The retries themselves are i18next's (§7: 5, from 350 ms doubling; at most
 * 10 reads at once), set in initI18n.
 */
export interface FetchBackendOptions {
  loadPath: string;
}

export class FetchBackend implements BackendModule<FetchBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private loadPath = '';

  init(_services: unknown, options: FetchBackendOptions): void {
    this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = this.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    fetch(url).then(
      async (res) => {
        if (!res.ok) return callback(new Error(`failed loading ${url}: ${res.status}`), res.status >= 500);
        const data = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
        if (data === undefined) return callback(new Error(`failed parsing ${url} as JSON`), false);
        callback(null, data);
      },
      () => callback(new Error(`failed loading ${url}`), true),
    );
  }
}
