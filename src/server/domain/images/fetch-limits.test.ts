import { describe, expect, it } from 'vitest';
import { createFetchLimits, hostOf } from './fetch-limits';

describe('fetch limits', () => {
  it('lets at most perHost fetches to one host run at once, and frees a slot once released', () => {
    const limits = createFetchLimits(2);
    const first = limits.tryAcquire('a.example');
    const second = limits.tryAcquire('a.example');
    expect(first && second).toBeTruthy();
    expect(limits.tryAcquire('a.example')).toBeUndefined();
    // Another host has its own slots.
    expect(limits.tryAcquire('b.example')).toBeTruthy();
    first!();
    first!(); // a second release frees nothing more
    expect(limits.tryAcquire('a.example')).toBeTruthy();
    expect(limits.tryAcquire('a.example')).toBeUndefined();
  });

  it('skips a host after two timeouts in a row in the same request, and only there', () => {
    const limits = createFetchLimits();
    limits.recordOutcome('r1', 'slow.example', true);
    expect(limits.skipReason('r1', 'slow.example')).toBeUndefined();
    // An answer in between resets the count: not "in a row".
    limits.recordOutcome('r1', 'slow.example', false);
    limits.recordOutcome('r1', 'slow.example', true);
    expect(limits.skipReason('r1', 'slow.example')).toBeUndefined();
    limits.recordOutcome('r1', 'slow.example', true);
    expect(limits.skipReason('r1', 'slow.example')).toBe('skipped: host slow.example timed out twice');
    expect(limits.skipReason('r2', 'slow.example')).toBeUndefined();
    expect(limits.skipReason('r1', 'other.example')).toBeUndefined();
  });

  it('names the host with its port, in lower case', () => {
    expect(hostOf('https://Shop.Example:8443/a.jpg')).toBe('shop.example:8443');
    expect(hostOf('not a url')).toBe('');
  });
});
