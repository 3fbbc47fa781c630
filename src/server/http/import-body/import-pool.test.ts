import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TSX_LOADER } from '../../../../tests/support/worker-process';

const script = fileURLToPath(new URL('../../../../tests/fixtures/scripts/import-once.ts', import.meta.url));

describe('the import worker pool', () => {
  it('lets a process that imported exit by itself once the worker is idle', async () => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, script], {
      cwd: path.dirname(script),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    // A process held open by the worker never exits: the generous limit only ends the test, it measures nothing.
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (c, s) => resolve([c, s])),
    );
    clearTimeout(killer);
    expect(out.trim()).toBe('imported 20000');
    expect([code, signal]).toEqual([0, null]);
  }, 70_000);
});
