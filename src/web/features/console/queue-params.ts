import type { ConsoleQueueQuery } from '../../../shared/api/console.ts';
import { ApplicationStatus } from '../../../shared/api/applications.ts';
import { isCountryCode } from '../../../shared/countries.ts';
import { Provider } from '../../../shared/kyc.ts';

/** Rows per queue page. */
export const QUEUE_PAGE_SIZE = 20;

/** The queue's filters as they live in the address (`?status=&level=&country=&provider=&page=`). */
export interface QueueFilters {
  status: ApplicationStatus;
  level: '' | '1' | '2';
  country: string;
  provider: '' | Provider;
  page: number;
}

/**
 * Reads the filters from the address. The address is untrusted (a pasted or old link): anything
 * that is not a valid value falls back to "all" (or PENDING and page 1), so the server is never
 * asked something it would refuse.
 */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const status = params.get('status') ?? '';
  const level = params.get('level') ?? '';
  const country = (params.get('country') ?? '').toUpperCase();
  const provider = params.get('provider') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (Object.values(ApplicationStatus) as string[]).includes(status) ? (status as ApplicationStatus) : ApplicationStatus.PENDING,
    level: level === '1' || level === '2' ? level : '',
    country: isCountryCode(country) ? country : '',
    provider: (Object.values(Provider) as string[]).includes(provider) ? (provider as Provider) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address form: defaults are left out, so the plain queue is just `/`. */
export function queueSearch(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== ApplicationStatus.PENDING) params.set('status', filters.status);
  if (filters.level) params.set('level', filters.level);
  if (filters.country) params.set('country', filters.country);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.page > 1) params.set('page', String(filters.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The API query of GET kyc/applications. */
export function toQueueQuery(filters: QueueFilters): ConsoleQueueQuery {
  return {
    status: filters.status,
    ...(filters.level ? { level: filters.level } : {}),
    ...(filters.country ? { country: filters.country } : {}),
    ...(filters.provider ? { provider: filters.provider } : {}),
    page: filters.page,
    pageSize: QUEUE_PAGE_SIZE,
  };
}

// The case page's "back to the queue" returns to the filters and page the reviewer came from.
let lastQueueSearch = '';
export function rememberQueueSearch(search: string): void {
  lastQueueSearch = search;
}
export function queueHref(): string {
  return `/${lastQueueSearch}`;
}
