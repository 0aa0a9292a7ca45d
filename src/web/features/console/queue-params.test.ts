import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, isFiltered, parseQueueFilters, QUEUE_PAGE_SIZE, queueSearch, toQueueQuery } from './queue-params.ts';

const parse = (search: string) => parseQueueFilters(new URLSearchParams(search));

describe('queue filters in the address', () => {
  it('reads valid filters and round-trips them, leaving defaults out', () => {
    const f = parse('?status=REJECTED&kind=KYC_APPLICATION&assignee=me&level=2&country=de&provider=PROVIDER_DEFAULT&secondLook=true&sort=-country&q=ada%40example.com&page=3');
    expect(f).toEqual({ status: 'REJECTED', kind: 'KYC_APPLICATION', assignee: 'me', level: '2', country: 'DE', provider: 'PROVIDER_DEFAULT', secondLook: true, sort: '-country', q: 'ada@example.com', page: 3, cursor: '' });
    expect(queueSearch(f)).toBe('?status=REJECTED&kind=KYC_APPLICATION&assignee=me&level=2&country=DE&provider=PROVIDER_DEFAULT&secondLook=true&sort=-country&q=ada%40example.com&page=3');
    expect(toQueueQuery(f)).toMatchObject({ secondLook: 'true', sort: '-country' });
    expect(toQueueQuery(f)).not.toHaveProperty('q');
    expect(parse('?secondLook=yes').secondLook).toBe(false);
    expect(parse(queueSearch(f))).toEqual(f);
    expect(queueSearch(parse(''))).toBe('');
    expect(parse('')).toEqual(DEFAULT_FILTERS);
  });

  it('asks the API for what the address says; "anyone" is the server default and is not sent', () => {
    expect(toQueueQuery(parse('?status=REJECTED&kind=KYC_APPLICATION&assignee=unassigned&level=2&country=DE&provider=PROVIDER_DEFAULT&page=3'))).toEqual({
      status: 'REJECTED',
      kind: 'KYC_APPLICATION',
      assignee: 'unassigned',
      level: '2',
      country: 'DE',
      provider: 'PROVIDER_DEFAULT',
      page: 3,
      pageSize: QUEUE_PAGE_SIZE,
    });
    expect(toQueueQuery(parse('?assignee=any'))).toEqual({ status: 'PENDING', page: 1, pageSize: QUEUE_PAGE_SIZE });
    expect(toQueueQuery(parse('?assignee=me'))).toEqual({ status: 'PENDING', assignee: 'me', page: 1, pageSize: QUEUE_PAGE_SIZE });
  });

  it('keeps the server\'s cursor with the page past the first and sends it; page 1 is read from the start', () => {
    const f = parse('?page=3&cursor=WyJhIiwiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiYyJd');
    expect(f.cursor).toBe('WyJhIiwiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiYyJd');
    expect(queueSearch(f)).toBe('?page=3&cursor=WyJhIiwiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiYyJd');
    expect(toQueueQuery(f)).toMatchObject({ page: 3, cursor: 'WyJhIiwiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiYyJd' });
    expect(toQueueQuery(parse('?cursor=abc'))).not.toHaveProperty('cursor');
    expect(queueSearch(parse('?cursor=abc'))).toBe('');
    expect(parse('?page=2&cursor=%3Cscript%3E').cursor).toBe('');
    expect(isFiltered(parse('?page=2&cursor=abc'))).toBe(false);
  });

  it('ignores anything a pasted link could carry that the server would refuse', () => {
    expect(parse('?status=DELETED&kind=LOAN&assignee=everyone&level=3&country=XX&provider=EVIL&sort=email&page=-1')).toEqual(DEFAULT_FILTERS);
    // A reviewer's id is accepted by the API, but the console offers only anyone / unassigned / me.
    expect(parse('?assignee=0b9d7c3e-5a41-4c55-8f7e-3d2a1c0e9f11').assignee).toBe('any');
    expect(parse('?kind=kyc_application').kind).toBe('');
    expect(parse('?page=1.5').page).toBe(1);
    expect(parse('?page=999999999').page).toBe(1);
    expect(parse('?country=%3Cscript%3E').country).toBe('');
  });

  it('knows when the queue is filtered (the page alone is not a filter)', () => {
    expect(isFiltered(parse(''))).toBe(false);
    expect(isFiltered(parse('?page=4'))).toBe(false);
    // The order and the search are how the list is read, not what it holds.
    expect(isFiltered(parse('?sort=level&q=ada'))).toBe(false);
    expect(isFiltered(parse('?assignee=me'))).toBe(true);
    expect(isFiltered(parse('?kind=KYC_APPLICATION'))).toBe(true);
    expect(isFiltered(parse('?status=APPROVED'))).toBe(true);
  });
});
