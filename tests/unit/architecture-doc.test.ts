// docs/architecture.md names, for every domain folder and every leaf, the folders of its layer it imports.
// This reads the imports of src/server and holds the document to them: a new arrow in the code, or one the
// code dropped, fails here until the table says so.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** For each folder of a layer, the other folders of that layer its modules import. */
function importsWithin(layer: 'domain' | 'leaves'): Map<string, Set<string>> {
  const layerDir = path.join(root, 'src/server', layer);
  const graph = new Map<string, Set<string>>();
  for (const folder of readdirSync(layerDir)) {
    const targets = new Set<string>();
    for (const file of sourceFiles(path.join(layerDir, folder))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const relative = path.relative(layerDir, path.resolve(path.dirname(file), spec!));
        const target = relative.split(path.sep)[0]!;
        if (!relative.startsWith('..') && target !== folder) targets.add(target);
      }
    }
    graph.set(folder, targets);
  }
  return graph;
}

/** The table under `heading`: each row's folders (first cell) and the folders its last cell names. */
function documented(heading: string): Map<string, Set<string>> {
  const section = doc.slice(doc.indexOf(heading)).split('\n### ')[0]!.split('\n## ')[0]!;
  const table = new Map<string, Set<string>>();
  for (const line of section.split('\n').filter((row) => /^\| `/.test(row))) {
    const cells = line.split('|').map((cell) => cell.trim());
    const names = (cell: string) => [...cell.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!);
    for (const folder of names(cells[1]!)) table.set(folder, new Set(names(cells.at(-2)!)));
  }
  return table;
}

describe('docs/architecture.md draws the imports the code has', () => {
  for (const [layer, heading] of [
    ['domain', '### Domain folders'],
    ['leaves', '### Leaves'],
  ] as const) {
    it(`names every ${layer} folder and exactly the ${layer} folders each imports`, () => {
      const code = importsWithin(layer);
      const table = documented(heading);
      expect([...table.keys()].sort()).toEqual([...code.keys()].sort());
      for (const [folder, targets] of code) {
        expect({ folder, imports: [...(table.get(folder) ?? [])].sort() }).toEqual({
          folder,
          imports: [...targets].sort(),
        });
      }
    });
  }
});
