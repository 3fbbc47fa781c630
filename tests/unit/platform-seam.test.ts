// A store platform is decided in one place: its own folder under src/server/domain/stores/ (shopify/,
// woocommerce/, …), reached through PLATFORMS (docs/decisions/024-store-platform-seam.md). This walks
// src/server and fails naming every line elsewhere that compares a platform to a name (===, !==, ==, !=, a
// switch on it, which a ternary or an if then follows) or looks a platform up in a table of its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server');
const storesFolder = path.join(server, 'domain/stores');

/** Branches on a platform's name: the patterns a seam replaces. */
const BY_NAME = [
  // store.platform === 'shopify', input?.platform !== "woocommerce", process.platform == 'win32'
  /\bplatform\s*[!=]==?\s*['"`]/,
  // 'shopify' === store.platform
  /['"`]\s*[!=]==?\s*[\w.?]*\bplatform\b/,
  // switch (store.platform) { case 'shopify': … }
  /\bswitch\s*\([^)]*\bplatform\b[^)]*\)/,
  // CHUNK[store.platform]: a table keyed by platform names, other than PLATFORMS itself
  /\b(?!PLATFORMS\b)[A-Za-z_$][\w$]*\s*\[\s*[\w.?]*\bplatform\s*\]/,
];

/** The lines of `source` (comments left out) that branch on a platform's name. */
function platformComparisons(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => !/^\s*\*/.test(line) && BY_NAME.some((pattern) => pattern.test(line)));
}

/** A platform's own folder: any folder directly under src/server/domain/stores/. */
const isPlatformFolder = (file: string) => path.dirname(path.dirname(file)) === storesFolder;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('a store platform is decided in its own folder only', () => {
  it('finds the patterns it is meant to forbid', () => {
    const planted = [
      "  if (client.platform === 'shopify') return readShopify(client.connection, refs);",
      "  const size = store.platform !== 'woocommerce' ? 10 : 100;",
      "  if ('shopify' == input.platform) {",
      '  switch (store.platform) {',
      '  const inFlight = IN_FLIGHT[store.platform];',
      "  if (process.platform === 'win32') return;",
    ].join('\n');
    expect(platformComparisons(planted)).toHaveLength(6);
    const allowed = [
      '  const platform = PLATFORMS[store.platform];',
      '  apiVersion: PLATFORMS[store.platform].apiVersion,',
      '  if (WITHOUT_PROCESS_GROUPS.has(process.platform)) return;',
      "  // once: if (store.platform === 'shopify')",
      "   * as `platform === 'shopify'` did",
    ].join('\n');
    expect(platformComparisons(allowed)).toEqual([]);
  });

  it('tells a platform folder from the shared store code', () => {
    expect(isPlatformFolder(path.join(storesFolder, 'shopify/shopify-platform.ts'))).toBe(true);
    expect(isPlatformFolder(path.join(storesFolder, 'woocommerce/woocommerce-live.ts'))).toBe(true);
    expect(isPlatformFolder(path.join(storesFolder, 'push-plan.ts'))).toBe(false);
    expect(isPlatformFolder(path.join(server, 'db/embedded.ts'))).toBe(false);
  });

  it('no file in src/server outside a platform folder compares a platform to a name', () => {
    const offenders = sourceFiles(server)
      .filter((file) => !isPlatformFolder(file))
      .flatMap((file) =>
        platformComparisons(readFileSync(file, 'utf8')).map(
          (line) => `${path.relative(server, file)}: ${line.trim()}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
