import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, refuseDeepJson } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('refuseDeepJson', () => {
  it('takes JSON nested up to the limit and refuses one level more, naming the limit', () => {
    expect(() => refuseDeepJson(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => refuseDeepJson(nested(MAX_JSON_DEPTH + 1))).toThrow(/nested more than 64 levels/);
    expect(() => refuseDeepJson('{"a":'.repeat(200_000))).toThrow(/64 levels/);
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    const inString = JSON.stringify({ raw_csv: `${'['.repeat(500)}"\\${'{'.repeat(500)}` });
    expect(() => refuseDeepJson(inString)).not.toThrow();
    const afterEscapedBackslash = `{"a":"x\\\\",${'"b":['.repeat(1)}${'['.repeat(MAX_JSON_DEPTH)}`;
    expect(() => refuseDeepJson(afterEscapedBackslash)).toThrow(/64 levels/);
  });

  it('counts depth, not the number of siblings', () => {
    expect(() => refuseDeepJson(JSON.stringify(Array.from({ length: 10_000 }, () => [{}])))).not.toThrow();
  });
});
