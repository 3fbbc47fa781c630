// Ownership is written once: no file in src/server compares an owner column by hand, in raw SQL
// (`owner_id = ${…}`) or with the query builder (`eq(bundles.ownerId, …)`); they use ./conditions or ./lookups.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, '..');

/** An owner compared by hand: raw SQL against a parameter, or eq() on an owned table's owner column. */
const HAND_WRITTEN = [
  /\b(owner_id|user_id)\s*(=|<>|!=|is\s+(not\s+)?distinct\s+from)\s*\$\{/i,
  /\$\{[^}]*\}\s*(=|<>|!=)\s*\w+\.(owner_id|user_id)\b/i,
  /\b(eq|ne|inArray)\(\s*(bundles|workflows|stores|storePushes|apiKeys|webhookEndpoints|userSpendCarried|workspaceMembers|b|w)\.(ownerId|userId|workspaceId)\b/,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return ['ownership', 'migrations'].includes(entry.name) ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function handWrittenOwnership(source: string): string[] {
  return source.split('\n').filter((line) => HAND_WRITTEN.some((pattern) => pattern.test(line)));
}

describe('ownership is written in src/server/leaves/ownership only', () => {
  it('finds the patterns it is meant to forbid', () => {
    expect(handWrittenOwnership(`where b.owner_id = ${'${'}ownerId} and b.deleted_at is null`)).toHaveLength(
      1,
    );
    expect(handWrittenOwnership('.where(and(eq(stores.id, id), eq(stores.ownerId, ownerId)))')).toHaveLength(
      1,
    );
    expect(handWrittenOwnership('eq(webhookEndpoints.userId, userId),')).toHaveLength(1);
    expect(handWrittenOwnership('.where(and(eq(stores.id, id), storeOf(ownerId)))')).toHaveLength(0);
  });

  it('no other file in src/server compares an owner column by hand', () => {
    const offenders = sourceFiles(server).flatMap((file) =>
      handWrittenOwnership(readFileSync(file, 'utf8')).map(
        (line) => `${path.relative(server, file)}: ${line.trim()}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
