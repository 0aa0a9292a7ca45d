import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPersonalDraft, readPersonalDraft, writePersonalDraft } from './personal-draft.ts';

describe('personal-information draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps what differs from the saved information, per user, and forgets it when it matches again', () => {
    writePersonalDraft('u1', { firstName: 'Ana', city: 'Madrid' }, {});
    expect(readPersonalDraft('u1')).toEqual({ firstName: 'Ana', city: 'Madrid' });
    expect(readPersonalDraft('u2')).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual(['ua:personal-draft:u1']);
    writePersonalDraft('u1', { firstName: 'Ana', city: 'Madrid' }, { firstName: 'Ana', city: 'Madrid' });
    expect(readPersonalDraft('u1')).toBeNull();
  });

  it('reads only known fields with string values; ignores anything unreadable', () => {
    sessionStorage.setItem('ua:personal-draft:u1', JSON.stringify({ firstName: 'Ana', isAdmin: 'yes', lastName: 5, city: 'x'.repeat(301) }));
    expect(readPersonalDraft('u1')).toEqual({ firstName: 'Ana' });
    sessionStorage.setItem('ua:personal-draft:u1', '{not json');
    expect(readPersonalDraft('u1')).toBeNull();
    expect(readPersonalDraft(undefined)).toBeNull();
  });

  it('forgets the draft (after a save or a discard)', () => {
    writePersonalDraft('u1', { firstName: 'Ana' }, {});
    forgetPersonalDraft('u1');
    expect(readPersonalDraft('u1')).toBeNull();
  });
});
