// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs. These tests run that same command on
// small source trees: one that keeps every rule passes, and one import per rule that breaks it fails the lint,
// naming the rule.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = path.join(projectRoot, 'node_modules/.bin/depcruise');
const config = path.join(projectRoot, '.dependency-cruiser.cjs');

/**
 * A source tree that keeps the layers: contract ← functions → domain → leaves → database; web: run → review,
 * images → api → contract.
 */
const LAYERED: Record<string, string> = {
  'src/common/functions.ts': `import { z } from 'zod';\nexport const body = z.object({});\n`,
  'src/server/db/client.ts': 'export const db = {};\n',
  'src/server/ai/client.ts': 'export const complete = (messages: string[]) => messages.length;\n',
  'src/server/generation/generate.ts': `import { complete } from '../ai/client';\nimport { db } from '../db/client';\nexport const generate = () => [complete([]), db];\n`,
  'src/server/bundles/create.ts': `import { db } from '../db/client';\nimport { queueJob } from '../queue/jobs';\nexport const create = () => [db, queueJob];\n`,
  'src/server/queue/jobs.ts': `import { db } from '../db/client';\nexport const queueJob = () => db;\n`,
  'src/server/runner/task-list.ts': `import { generate } from '../generation/generate';\nexport const tasks = { generate };\n`,
  'src/server/functions/new-bundle.ts': `import { body } from '../../common/functions';\nimport { create } from '../bundles/create';\nexport const handler = () => [body, create()];\n`,
  'src/web/api/invoke.ts': `import { body } from '../../common/functions';\nexport const invoke = () => body;\n`,
  'src/server/run-log/run-log.ts': `import { complete } from '../ai/client';\nimport { db } from '../db/client';\nexport const log = () => [complete([]), db];\n`,
  'src/web/review/review-panel.tsx': `import { invoke } from '../api/invoke';\nexport const ReviewPanel = () => invoke();\n`,
  'src/web/images/images-section.tsx': `import { invoke } from '../api/invoke';\nexport const ImagesSection = () => invoke();\n`,
  'src/web/run/run-page.tsx': `import { ImagesSection } from '../images/images-section';\nimport { ReviewPanel } from '../review/review-panel';\nexport const RunPage = () => [ReviewPanel(), ImagesSection()];\n`,
};

/** One import per rule, each breaking it. */
const BREAKING: Record<string, string> = {
  'src/server/ai/reads-db.ts': `import { db } from '../db/client';\nexport const x = db;\n`,
  'src/web/api/reads-server.ts': `import { db } from '../../server/db/client';\nexport const x = db;\n`,
  'src/common/reads-server.ts': `import { create } from '../server/bundles/create';\nexport const x = create;\n`,
  'src/server/bundles/calls-handler.ts': `import { handler } from '../functions/new-bundle';\nexport const x = handler;\n`,
  'src/server/db/reads-domain.ts': `import { create } from '../bundles/create';\nexport const x = create;\n`,
  'src/server/generation/uses-bundles.ts': `import { create } from '../bundles/create';\nexport const x = create;\n`,
  'src/server/images/runs-tasks.ts': `import { tasks } from '../runner/task-list';\nexport const x = tasks;\n`,
  'src/server/queue/reads-domain.ts': `import { create } from '../bundles/create';\nexport const x = create;\n`,
  'src/server/bundles/uses-generation.ts': `import { generate } from '../generation/generate';\nexport const x = generate;\n`,
  'src/server/run-log/reads-bundles.ts': `import { create } from '../bundles/create';\nexport const x = create;\n`,
  'src/web/review/opens-run.ts': `import { RunPage } from '../run/run-page';\nexport const x = RunPage;\n`,
  'src/web/images/opens-run.ts': `import { RunPage } from '../run/run-page';\nexport const x = RunPage;\n`,
  'src/web/api/reads-review.ts': `import { ReviewPanel } from '../review/review-panel';\nexport const x = ReviewPanel;\n`,
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

  it('fail on each import that breaks a rule, naming the rule', async () => {
    const result = await lint({ ...LAYERED, ...BREAKING });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/error providers-never-touch-the-database: src\/server\/ai\/reads-db\.ts/);
    expect(result.output).toMatch(/error web-never-imports-server: src\/web\/api\/reads-server\.ts/);
    expect(result.output).toMatch(/error contract-imports-nothing: src\/common\/reads-server\.ts/);
    expect(result.output).toMatch(
      /error domain-never-imports-handlers: src\/server\/bundles\/calls-handler\.ts/,
    );
    expect(result.output).toMatch(/error database-imports-no-domain: src\/server\/db\/reads-domain\.ts/);
    expect(result.output).toMatch(
      /error domain-never-imports-the-runner: src\/server\/images\/runs-tasks\.ts/,
    );
    expect(result.output).toMatch(/error queue-is-a-leaf: src\/server\/queue\/reads-domain\.ts/);
    expect(result.output).toMatch(/error no-folder-cycles: src\/server\/(bundles|generation)/);
    expect(result.output).toMatch(/error leaves-import-only-leaves: src\/server\/run-log\/reads-bundles\.ts/);
    expect(result.output).toMatch(
      /error run-parts-never-import-the-run-view: src\/web\/review\/opens-run\.ts/,
    );
    expect(result.output).toMatch(
      /error run-parts-never-import-the-run-view: src\/web\/images\/opens-run\.ts/,
    );
    expect(result.output).toMatch(/error web-foundations-import-no-page: src\/web\/api\/reads-review\.ts/);
  });
});
