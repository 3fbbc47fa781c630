// Every operation of the API document says what its own function does: a description pasted onto a second
// function (list-bundles once carried list-workflows') tells a reader nothing true about it.
import { describe, expect, it } from 'vitest';
import type { FunctionName } from '../../src/common/contract/functions';
import { FUNCTION_DESCRIPTIONS } from '../../src/server/http/function-descriptions';

/** The groups of functions that share one description. */
function copies(descriptions: Record<string, string>): string[][] {
  const byText = new Map<string, string[]>();
  for (const [name, text] of Object.entries(descriptions)) {
    const key = text.trim().toLowerCase();
    byText.set(key, [...(byText.get(key) ?? []), name]);
  }
  return [...byText.values()].filter((names) => names.length > 1);
}

describe('function descriptions', () => {
  it('gives no two functions the same description', () => {
    expect(copies(FUNCTION_DESCRIPTIONS)).toEqual([]);
  });

  it('fails on a copy, naming both functions', () => {
    const copied: Record<FunctionName, string> = {
      ...FUNCTION_DESCRIPTIONS,
      'list-bundles': FUNCTION_DESCRIPTIONS['list-workflows'],
    };
    expect(copies(copied)).toEqual([['list-workflows', 'list-bundles']]);
  });
});
