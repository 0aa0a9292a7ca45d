import type { ConsoleQueueQuery } from '../../../shared/api/console.ts';
import { isCountryCode } from '../../../shared/countries.ts';
import { Provider } from '../../../shared/kyc.ts';
import { AssigneeFilter, CaseStatus, QUEUE_SORTS, QueueSort, SUBJECT_KINDS, type SubjectKind } from '../../../shared/review.ts';

/** Rows per queue page. */
export const QUEUE_PAGE_SIZE = 20;

/** The assignee choices of the queue (the API also takes a reviewer's id; the console offers these three). */
export type QueueAssignee = (typeof AssigneeFilter)[keyof typeof AssigneeFilter];
const ASSIGNEES: readonly string[] = Object.values(AssigneeFilter);

/** The queue's filters as they live in the address (`?status=&kind=&assignee=&level=&country=&provider=&sort=&q=&page=`). */
export interface QueueFilters {
  status: CaseStatus;
  kind: '' | SubjectKind;
  assignee: QueueAssignee;
  level: '' | '1' | '2';
  country: string;
  provider: '' | Provider;
  /** Four-eyes: only cases whose proposal awaits a second look. */
  secondLook: boolean;
  /** The order (decision 051); `waiting` is the queue's own. */
  sort: QueueSort;
  /** What the search box looked for (e-mail, name, ids, document number); '' for none. */
  q: string;
  page: number;
  /** Where the page starts, as the server wrote it (keyset paging, decision 024); '' on page 1 or an old link. */
  cursor: string;
}

export const DEFAULT_FILTERS: QueueFilters = { status: CaseStatus.PENDING, kind: '', assignee: AssigneeFilter.ANY, level: '', country: '', provider: '', secondLook: false, sort: QueueSort.WAITING, q: '', page: 1, cursor: '' };

/** What a cursor from the server looks like (base64url); anything else in the address is dropped. */
const CURSOR = /^[A-Za-z0-9_-]{1,400}$/;

/**
 * Reads the filters from the address. The address is untrusted (a pasted or old link): anything
 * that is not a valid value falls back to "all" (or PENDING and page 1), so the server is never
 * asked something it would refuse.
 */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const assignee = params.get('assignee') ?? '';
  const level = params.get('level') ?? '';
  const country = (params.get('country') ?? '').toUpperCase();
  const provider = params.get('provider') ?? '';
  const page = Number(params.get('page') ?? '1');
  const cursor = params.get('cursor') ?? '';
  return {
    status: (Object.values(CaseStatus) as string[]).includes(status) ? (status as CaseStatus) : CaseStatus.PENDING,
    kind: (SUBJECT_KINDS as string[]).includes(kind) ? (kind as SubjectKind) : '',
    assignee: ASSIGNEES.includes(assignee) ? (assignee as QueueAssignee) : AssigneeFilter.ANY,
    level: level === '1' || level === '2' ? level : '',
    country: isCountryCode(country) ? country : '',
    provider: (Object.values(Provider) as string[]).includes(provider) ? (provider as Provider) : '',
    secondLook: params.get('secondLook') === 'true',
    sort: (QUEUE_SORTS as string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as QueueSort) : QueueSort.WAITING,
    // The server checks it again (2 to 254 characters); a longer one from a pasted link is cut.
    q: (params.get('q') ?? '').trim().slice(0, 254),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    cursor: CURSOR.test(cursor) ? cursor : '',
  };
}

/** True when any filter differs from the plain queue (pending cases of anyone, every kind). The order and the search are not filters. */
export function isFiltered(filters: QueueFilters): boolean {
  return (Object.keys(DEFAULT_FILTERS) as (keyof QueueFilters)[]).some((key) => !['page', 'cursor', 'sort', 'q'].includes(key) && filters[key] !== DEFAULT_FILTERS[key]);
}

/** The address form: defaults are left out, so the plain queue is just `/`. */
export function queueSearch(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== CaseStatus.PENDING) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.assignee !== AssigneeFilter.ANY) params.set('assignee', filters.assignee);
  if (filters.level) params.set('level', filters.level);
  if (filters.country) params.set('country', filters.country);
  if (filters.provider) params.set('provider', filters.provider);
  if (filters.secondLook) params.set('secondLook', 'true');
  if (filters.sort !== QueueSort.WAITING) params.set('sort', filters.sort);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.page > 1 && filters.cursor) params.set('cursor', filters.cursor);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The API query of GET cases (`any` is the server's default and left out). */
export function toQueueQuery(filters: QueueFilters): ConsoleQueueQuery {
  return {
    status: filters.status,
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.assignee !== AssigneeFilter.ANY ? { assignee: filters.assignee } : {}),
    ...(filters.level ? { level: filters.level } : {}),
    ...(filters.country ? { country: filters.country } : {}),
    ...(filters.provider ? { provider: filters.provider } : {}),
    ...(filters.secondLook ? { secondLook: 'true' as const } : {}),
    ...(filters.sort !== QueueSort.WAITING ? { sort: filters.sort } : {}),
    page: filters.page,
    pageSize: QUEUE_PAGE_SIZE,
    ...(filters.page > 1 && filters.cursor ? { cursor: filters.cursor } : {}),
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
/** The filters of the queue the reviewer came from: the "same view" the next case is taken from. */
export function lastQueueFilters(): QueueFilters {
  return parseQueueFilters(new URLSearchParams(lastQueueSearch));
}

// The cases of the queue page last shown, in its order: next / previous case on a case page (j / k).
let lastQueueIds: readonly string[] = [];
export function rememberQueueIds(ids: readonly string[]): void {
  lastQueueIds = ids;
}
export function queueIds(): readonly string[] {
  return lastQueueIds;
}

/** The user view's address inside the console (decision 051). */
export const userHref = (userId: string) => `/users/${userId}`;

/** The case page's address inside the console. */
export const caseHref = (caseId: string) => `/cases/${caseId}`;
