// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs. These tests run that same command on
// small source trees: one that keeps every rule passes, and one import per rule that breaks it fails the lint,
// naming the rule.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = path.join(projectRoot, 'node_modules/.bin/depcruise');
const config = path.join(projectRoot, '.dependency-cruiser.cjs');

/**
 * A source tree that keeps the layers: main → http → functions → runner → domain → leaves → db, all over the
 * contract; web: run → review, images → api → contract.
 */
const LAYERED: Record<string, string> = {
  'src/common/contract/functions.ts': `import { z } from 'zod';\nexport const body = z.object({});\n`,
  'src/server/db/client.ts': `import { log } from '../leaves/logger/logger';\nexport const db = { log };\n`,
  'src/server/leaves/logger/logger.ts': 'export const log = () => undefined;\n',
  'src/server/leaves/ai/client.ts': 'export const complete = (messages: string[]) => messages.length;\n',
  'src/server/leaves/queue/jobs.ts': `import { db } from '../../db/client';\nexport const queueJob = () => db;\n`,
  'src/server/leaves/run-log/run-log.ts': `import { db } from '../../db/client';\nimport { complete } from '../ai/client';\nexport const runLog = () => [complete([]), db];\n`,
  'src/server/domain/generation/generate.ts': `import { db } from '../../db/client';\nimport { complete } from '../../leaves/ai/client';\nexport const generate = () => [complete([]), db];\n`,
  'src/server/domain/bundles/create.ts': `import { db } from '../../db/client';\nimport { queueJob } from '../../leaves/queue/jobs';\nexport const create = () => [db, queueJob];\n`,
  'src/server/runner/task-list.ts': `import { generate } from '../domain/generation/generate';\nexport const tasks = { generate };\n`,
  'src/server/functions/new-bundle.ts': `import { body } from '../../common/contract/functions';\nimport { create } from '../domain/bundles/create';\nexport const handler = () => [body, create()];\n`,
  'src/server/functions/registry.ts': `import { handler } from './new-bundle';\nexport const registry = { handler };\n`,
  'src/server/http/route.ts': `import { registry } from '../functions/registry';\nexport const route = () => registry;\n`,
  'src/server/main/app.ts': `import { route } from '../http/route';\nimport { tasks } from '../runner/task-list';\nexport const app = () => [route(), tasks];\n`,
  'src/web/api/invoke.ts': `import { body } from '../../common/contract/functions';\nexport const invoke = () => body;\n`,
  'src/web/review/review-panel.tsx': `import { invoke } from '../api/invoke';\nexport const ReviewPanel = () => invoke();\n`,
  'src/web/images/images-section.tsx': `import { invoke } from '../api/invoke';\nexport const ImagesSection = () => invoke();\n`,
  'src/web/run/run-page.tsx': `import { ImagesSection } from '../images/images-section';\nimport { ReviewPanel } from '../review/review-panel';\nexport const RunPage = () => [ReviewPanel(), ImagesSection()];\n`,
};

/** One import per rule, each breaking it: the rule the lint must name, and the file it must name. */
const BREAKING: Record<string, { rule: string; text: string }> = {
  'src/server/leaves/ai/reads-db.ts': {
    rule: 'providers-never-touch-the-database',
    text: `import { db } from '../../db/client';\nexport const x = db;\n`,
  },
  'src/web/api/reads-server.ts': {
    rule: 'web-never-imports-server',
    text: `import { db } from '../../server/db/client';\nexport const x = db;\n`,
  },
  'src/common/contract/reads-server.ts': {
    rule: 'contract-imports-nothing',
    text: `import { create } from '../../server/domain/bundles/create';\nexport const x = create;\n`,
  },
  'src/server/domain/bundles/calls-handler.ts': {
    rule: 'domain-never-imports-the-entry-points',
    text: `import { handler } from '../../functions/new-bundle';\nexport const x = handler;\n`,
  },
  'src/server/domain/images/runs-tasks.ts': {
    rule: 'domain-never-imports-the-entry-points',
    text: `import { tasks } from '../../runner/task-list';\nexport const x = tasks;\n`,
  },
  'src/server/runner/reads-main.ts': {
    rule: 'nothing-imports-main',
    text: `import { app } from '../main/app';\nexport const x = app;\n`,
  },
  'src/server/functions/reads-http.ts': {
    rule: 'http-is-above-the-handlers',
    text: `import { route } from '../http/route';\nexport const x = route;\n`,
  },
  'src/server/runner/calls-handler.ts': {
    rule: 'runner-never-imports-handlers',
    text: `import { handler } from '../functions/new-bundle';\nexport const x = handler;\n`,
  },
  'src/server/db/reads-domain.ts': {
    rule: 'database-imports-no-domain',
    text: `import { create } from '../domain/bundles/create';\nexport const x = create;\n`,
  },
  'src/server/leaves/queue/reads-run-log.ts': {
    rule: 'queue-is-a-leaf',
    text: `import { runLog } from '../run-log/run-log';\nexport const x = runLog;\n`,
  },
  'src/server/leaves/run-log/reads-bundles.ts': {
    rule: 'leaves-import-only-leaves',
    text: `import { create } from '../../domain/bundles/create';\nexport const x = create;\n`,
  },
  'src/server/leaves/ownership/reads-queue.ts': {
    rule: 'ownership-sits-under-the-domain',
    text: `import { queueJob } from '../queue/jobs';\nexport const x = queueJob;\n`,
  },
  'src/web/review/opens-run.ts': {
    rule: 'run-parts-never-import-the-run-view',
    text: `import { RunPage } from '../run/run-page';\nexport const x = RunPage;\n`,
  },
  'src/web/images/opens-run.ts': {
    rule: 'run-parts-never-import-the-run-view',
    text: `import { RunPage } from '../run/run-page';\nexport const x = RunPage;\n`,
  },
  'src/web/api/reads-review.ts': {
    rule: 'web-foundations-import-no-page',
    text: `import { ReviewPanel } from '../review/review-panel';\nexport const x = ReviewPanel;\n`,
  },
};

/** Two folders around a circle, and two modules around a circle inside one folder. */
const CIRCLES: Record<string, string> = {
  'src/server/domain/generation/uses-bundles.ts': `import { create } from '../bundles/create';\nexport const x = create;\n`,
  'src/server/domain/bundles/uses-generation.ts': `import { generate } from '../generation/generate';\nexport const x = generate;\n`,
  'src/server/domain/runs/first.ts': `import { second } from './second';\nexport const first = () => second;\n`,
  'src/server/domain/runs/second.ts': `import { first } from './first';\nexport const second = () => first;\n`,
};

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function lint(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'copyloom-import-rules-'));
  dirs.push(dir);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } };
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return new Promise((resolve) => {
    execFile(depcruise, ['src', '--config', config], { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('the import rules in npm run lint', () => {
  it('pass a tree that keeps the layers', async () => {
    const result = await lint(LAYERED);
    expect(result.output).toMatch(/no dependency violations found/);
    expect(result.code).toBe(0);
  });

  it('fail on each import that breaks a rule, naming the rule and the file', async () => {
    const breaking = Object.fromEntries(Object.entries(BREAKING).map(([file, { text }]) => [file, text]));
    const result = await lint({ ...LAYERED, ...breaking });
    expect(result.code).not.toBe(0);
    for (const [file, { rule }] of Object.entries(BREAKING)) {
      expect(result.output).toContain(`error ${rule}: ${file}`);
    }
  });

  it('fail on a circle between two folders and on one inside a folder', async () => {
    const result = await lint({ ...LAYERED, ...CIRCLES });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/error no-folder-cycles: src\/server\/domain\/(bundles|generation)/);
    expect(result.output).toMatch(/error no-module-cycles: src\/server\/domain\/runs\/(first|second)\.ts/);
  });

  it('name a rule for every one the config holds', () => {
    const tested = new Set(Object.values(BREAKING).map(({ rule }) => rule));
    const configured = createRequire(import.meta.url)(config).forbidden.map(
      (rule: { name: string }) => rule.name,
    );
    const cycles = ['no-folder-cycles', 'no-module-cycles'];
    expect(configured.filter((name: string) => !cycles.includes(name) && !tested.has(name))).toEqual([]);
  });
});

describe('the server tree', () => {
  const server = path.join(projectRoot, 'src/server');

  it('holds the layers as its only top-level folders, and no loose file', async () => {
    const entries = await readdir(server, { withFileTypes: true });
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      ['db', 'domain', 'functions', 'http', 'leaves', 'main', 'runner'].sort(),
    );
  });

  it('keeps only handlers in functions/: one per server function, plus their registry and types', async () => {
    const { FUNCTION_NAMES } = await import('../../src/common/contract/functions');
    const files = (await readdir(path.join(server, 'functions'))).filter(
      (name) => !name.endsWith('.test.ts'),
    );
    const handlers = files.filter((name) => !['registry.ts', 'types.ts'].includes(name));
    expect(handlers.map((name) => name.replace(/\.ts$/, '')).sort()).toEqual([...FUNCTION_NAMES].sort());
  });
});
