// A function fits on a screen (docs: /STYLE.md habit 14): this walks the source with the TypeScript parser and
// fails naming every function longer than the limit, so a long one is caught where it is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders checked: all of `src`, the server as well as the web app, is held to the limit. */
const ROOTS = ['src'];

/** Lines a function may span, first line to last; about 60 is the aim. */
const MAX_LINES = 80;

type LongFunction = { where: string; lines: number };

function isSourceFile(name: string): boolean {
  return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listSourceFiles(full);
    return isSourceFile(entry.name) ? [full] : [];
  });
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

function findLongFunctions(file: string): LongFunction[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) {
        found.push({ where: `${path.relative(projectRoot, file)}:${first + 1}`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it(`no function under ${ROOTS.join(', ')} passes ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((root) => listSourceFiles(path.join(projectRoot, root)));
    expect(files.length).toBeGreaterThan(0);
    const long = files.flatMap(findLongFunctions).map(({ where, lines }) => `${where} (${lines} lines)`);
    expect(long).toEqual([]);
  });
});
