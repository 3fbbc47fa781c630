import { describe, expect, it } from 'vitest';
import { estimateImageTokens, publishedImageTokens, tilesOf } from './image-tokens';

describe('image tokens by OpenAI’s tile formula', () => {
  it('counts a low-detail photo as the base alone, whatever its size', () => {
    expect(publishedImageTokens('gpt-4o', 'low', [{ width: 4096, height: 4096 }])).toBe(85);
    expect(
      publishedImageTokens('gpt-4o', 'low', [
        { width: 64, height: 64 },
        { width: 900, height: 300 },
      ]),
    ).toBe(170);
  });

  it('scales a high-detail photo to fit 2048, then its shortest side to 768, and counts 512px tiles', () => {
    // OpenAI's own worked examples: 1024×1024 → 768×768, 4 tiles, 765 tokens; 2048×4096 → 768×1536, 6 tiles,
    // 1105 tokens.
    expect(tilesOf({ width: 1024, height: 1024 })).toBe(4);
    expect(publishedImageTokens('gpt-4o', 'high', [{ width: 1024, height: 1024 }])).toBe(765);
    expect(tilesOf({ width: 2048, height: 4096 })).toBe(6);
    expect(publishedImageTokens('gpt-4o-2024-08-06', 'high', [{ width: 2048, height: 4096 }])).toBe(1105);
    // Small photos are never scaled up: 300×200 is one tile.
    expect(publishedImageTokens('gpt-4.1', 'high', [{ width: 300, height: 200 }])).toBe(255);
  });

  it('uses each published model’s own rates', () => {
    expect(publishedImageTokens('gpt-4o-mini', 'low', [{ width: 512, height: 512 }])).toBe(2833);
    expect(publishedImageTokens('gpt-4o-mini', 'high', [{ width: 512, height: 512 }])).toBe(2833 + 5667);
    expect(publishedImageTokens('o1', 'low', [{ width: 512, height: 512 }])).toBe(75);
  });

  it('counts nothing for a model metered otherwise or not published, but estimates with the tiles', () => {
    expect(publishedImageTokens('gpt-4.1-mini', 'low', [{ width: 512, height: 512 }])).toBeNull();
    expect(publishedImageTokens('llava:13b', 'low', [{ width: 512, height: 512 }])).toBeNull();
    expect(estimateImageTokens('llava:13b', 'low', [{ width: 512, height: 512 }])).toBe(85);
    expect(estimateImageTokens('llava:13b', 'high', [{ width: 1024, height: 1024 }])).toBe(765);
  });
});
