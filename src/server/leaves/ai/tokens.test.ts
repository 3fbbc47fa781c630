import { describe, expect, it } from 'vitest';
import { countChatTokens, countTokens, encodingFor } from './tokens';

describe('encodingFor', () => {
  it('uses o200k_base for the gpt-4o and gpt-4.1 families', () => {
    expect(encodingFor('gpt-4o')).toBe('o200k_base');
    expect(encodingFor('gpt-4o-mini-2024-07-18')).toBe('o200k_base');
    expect(encodingFor('gpt-4.1-nano')).toBe('o200k_base');
  });

  it('uses cl100k_base otherwise', () => {
    expect(encodingFor('gpt-4')).toBe('cl100k_base');
    expect(encodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(encodingFor('gpt-4-1106-preview')).toBe('cl100k_base');
    expect(encodingFor('offline')).toBe('cl100k_base');
    expect(encodingFor()).toBe('cl100k_base');
  });
});

describe('countTokens', () => {
  it('counts tokens with the model encoding', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('hello world', 'gpt-4o')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });
});

describe('countChatTokens', () => {
  it('adds 3 tokens per message and 3 for the reply priming', () => {
    const messages = [
      { role: 'system', content: 'hello world' },
      { role: 'user', content: 'hello world' },
    ];
    const content = 2 * countTokens('hello world');
    const roles = countTokens('system') + countTokens('user');
    expect(countChatTokens(messages)).toBe(content + roles + 2 * 3 + 3);
  });

  it('counts an empty conversation as the reply priming only', () => {
    expect(countChatTokens([])).toBe(3);
  });
});
