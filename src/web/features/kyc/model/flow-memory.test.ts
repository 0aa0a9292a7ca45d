import { describe, expect, it } from 'vitest';
import { forgetLevel1Choice, readLevel1Choice, writeLevel1Choice } from './flow-memory.ts';

describe('level 1 choice memory', () => {
  it('remembers country and type per user, and forgets them', () => {
    writeLevel1Choice('u1', { country: 'DE', documentType: 'PASSPORT' });
    expect(readLevel1Choice('u1')).toEqual({ country: 'DE', documentType: 'PASSPORT' });
    expect(readLevel1Choice('u2')).toEqual({ country: null, documentType: null });
    forgetLevel1Choice('u1');
    expect(readLevel1Choice('u1')).toEqual({ country: null, documentType: null });
  });

  it('ignores anything it did not write: bad JSON, unknown types, odd codes, no user', () => {
    localStorage.setItem('ua:kyc-flow:u3:1', '{not json');
    expect(readLevel1Choice('u3')).toEqual({ country: null, documentType: null });
    localStorage.setItem('ua:kyc-flow:u3:1', JSON.stringify({ country: '<script>', documentType: 'UNDEFINED' }));
    expect(readLevel1Choice('u3')).toEqual({ country: null, documentType: null });
    writeLevel1Choice(undefined, { country: 'DE', documentType: 'ID_CARD' });
    expect(readLevel1Choice(undefined)).toEqual({ country: null, documentType: null });
  });
});
