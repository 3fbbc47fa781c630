// Where the test fixtures live: tests/fixtures, found from this file so that any working directory works.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const fixturePath = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

export const readFixture = (name: string): string => readFileSync(fixturePath(name), 'utf8');
