import { describe, expect, it } from 'vitest';
import { parseQueueFilters, QUEUE_PAGE_SIZE, queueSearch, toQueueQuery } from './queue-params.ts';

const parse = (search: string) => parseQueueFilters(new URLSearchParams(search));

describe('queue filters in the address', () => {
  it('reads valid filters and round-trips them, leaving defaults out', () => {
    const f = parse('?status=REJECTED&level=2&country=de&provider=PROVIDER_DEFAULT&page=3');
    expect(f).toEqual({ status: 'REJECTED', level: '2', country: 'DE', provider: 'PROVIDER_DEFAULT', page: 3 });
    expect(queueSearch(f)).toBe('?status=REJECTED&level=2&country=DE&provider=PROVIDER_DEFAULT&page=3');
    expect(queueSearch(parse(''))).toBe('');
    expect(toQueueQuery(f)).toEqual({ status: 'REJECTED', level: '2', country: 'DE', provider: 'PROVIDER_DEFAULT', page: 3, pageSize: QUEUE_PAGE_SIZE });
    expect(toQueueQuery(parse(''))).toEqual({ status: 'PENDING', page: 1, pageSize: QUEUE_PAGE_SIZE });
  });

  it('ignores anything a pasted link could carry that the server would refuse', () => {
    expect(parse('?status=DELETED&level=3&country=XX&provider=EVIL&page=-1')).toEqual({ status: 'PENDING', level: '', country: '', provider: '', page: 1 });
    expect(parse('?page=1.5').page).toBe(1);
    expect(parse('?page=999999999').page).toBe(1);
    expect(parse('?country=%3Cscript%3E').country).toBe('');
  });
});
