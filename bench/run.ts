// `npm run bench [-- name…]`: runs every bench (bench/<name>.ts, apart from this runner and the support
// modules) one after another, each in a node process of its own, streams its output, and ends with a summary
// of every `RESULT <name> <value> (goal <op> <target>)` line and whether its goal is met. Exits 1 when a bench
// crashed (a non-zero exit, no RESULT line, or over its time limit), not when a goal is missed.
// BENCH_TIMEOUT_MINUTES caps each bench (10 by default).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.dirname(benchDir);
// One node process per bench with tsx's loader, not the tsx CLI: the CLI adds a process in between, and a
// signal sent to it would leave the bench itself running.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 10) * 60_000;
/** After SIGTERM a bench gets this long to clean up (stop its database, remove its folders) before SIGKILL. */
const CLEAN_UP_GRACE_MS = 30_000;
const RESULT_LINE = /^RESULT (\S+) (\S+) \(goal (<=|>=|=|<|>) (\S+)\)\s*$/;

type Result = { name: string; value: string; op: string; target: string; line: string };
type Outcome = {
  bench: string;
  code: number | null;
  signal: string | null;
  ms: number;
  timedOut: boolean;
  results: Result[];
};

/** Bench files: everything in bench/ but this runner and `support*.ts` (shared set-up, not a bench). */
function listBenches(): string[] {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('support'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

let current: { pid: number } | undefined;
let isInterrupted = false;

/**
 * The bench itself gets SIGTERM or SIGINT and stops its own database, browser and workers; SIGKILL goes to
 * its whole process group (it leads one of its own), so nothing it started can outlive it.
 */
function signalBench(signal: NodeJS.Signals, pid = current?.pid) {
  if (pid === undefined) return;
  try {
    process.kill(signal === 'SIGKILL' ? -pid : pid, signal);
  } catch {
    // Already gone.
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isInterrupted) {
      signalBench('SIGKILL');
      process.exit(130);
    }
    isInterrupted = true;
    console.error(`\n${signal}: stopping the current bench (it cleans up first); again to kill it at once.`);
    signalBench(signal);
  });
}

function runBench(bench: string): Promise<Outcome> {
  const started = Date.now();
  const results: Result[] = [];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, path.join(benchDir, `${bench}.ts`)], {
      cwd: projectRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    current = { pid: child.pid! };
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      console.error(`[${bench}] over ${TIMEOUT_MS / 60_000} min: stopping it.`);
      signalBench('SIGTERM');
      killTimer = setTimeout(() => signalBench('SIGKILL'), CLEAN_UP_GRACE_MS);
    }, TIMEOUT_MS);

    const prefix = `[${bench}] `;
    const stream = (source: NodeJS.ReadableStream, sink: NodeJS.WriteStream) => {
      let pending = '';
      source.setEncoding('utf8');
      source.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) emit(line, sink);
      });
      source.on('end', () => {
        if (pending) emit(pending, sink);
      });
    };
    const emit = (line: string, sink: NodeJS.WriteStream) => {
      sink.write(`${prefix}${line}\n`);
      const match = RESULT_LINE.exec(line.trim());
      if (match) {
        const [, name, value, op, target] = match;
        results.push({ name: name!, value: value!, op: op!, target: target!, line: line.trim() });
      }
    };
    stream(child.stdout!, process.stdout);
    stream(child.stderr!, process.stderr);

    let isClosed = false;
    child.once('close', () => {
      isClosed = true;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      const pid = child.pid!;
      current = undefined;
      const finish = () => {
        // Anything the bench left behind in its group goes with it.
        signalBench('SIGKILL', pid);
        resolve({ bench, code, signal, ms: Date.now() - started, timedOut, results });
      };
      // Let the last output through, unless a straggler holds the pipes open.
      if (isClosed) finish();
      else {
        const timer = setTimeout(finish, 2_000);
        child.once('close', () => {
          clearTimeout(timer);
          finish();
        });
      }
    });
  });
}

/** Whether `value op target` holds; undefined when either side is not a number. Shares may be given in %. */
function isGoalMet({ value, op, target }: Result): boolean | undefined {
  const read = (text: string) => (text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text));
  const actual = read(value);
  const goal = read(target);
  if (!Number.isFinite(actual) || !Number.isFinite(goal)) return undefined;
  switch (op) {
    case '<=':
      return actual <= goal;
    case '>=':
      return actual >= goal;
    case '<':
      return actual < goal;
    case '>':
      return actual > goal;
    default:
      return actual === goal;
  }
}

function isCrashed(outcome: Outcome): boolean {
  return outcome.code !== 0 || outcome.timedOut || outcome.results.length === 0;
}

function describeEnd(outcome: Outcome): string {
  if (outcome.timedOut) return 'timed out';
  if (outcome.signal) return `killed by ${outcome.signal}`;
  if (outcome.code !== 0) return `exit ${outcome.code}`;
  if (outcome.results.length === 0) return 'no RESULT line';
  return 'ok';
}

const formatDuration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const available = listBenches();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name.replace(/\.ts$/, '')));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${available.join(', ')}.`);
  process.exit(2);
}
const benches = requested.length > 0 ? requested.map((name) => name.replace(/\.ts$/, '')) : available;

const startedAt = Date.now();
const outcomes: Outcome[] = [];
for (const bench of benches) {
  if (isInterrupted) break;
  console.log(`\n=== ${bench} (${outcomes.length + 1} of ${benches.length}) ===`);
  const outcome = await runBench(bench);
  outcomes.push(outcome);
  // The machine may be shared: its load says how far to trust the timings.
  const [oneMinute, fiveMinutes] = os.loadavg();
  console.log(
    `=== ${bench}: ${describeEnd(outcome)} after ${formatDuration(outcome.ms)} (load average ${oneMinute!.toFixed(1)}, ${fiveMinutes!.toFixed(1)} on ${os.availableParallelism()} cores) ===`,
  );
}

const rows: string[][] = [];
for (const outcome of outcomes) {
  const end = describeEnd(outcome);
  if (outcome.results.length === 0) {
    rows.push([outcome.bench, formatDuration(outcome.ms), end, '', '']);
    continue;
  }
  outcome.results.forEach((result, index) => {
    const met = isGoalMet(result);
    rows.push([
      index === 0 ? outcome.bench : '',
      index === 0 ? formatDuration(outcome.ms) : '',
      index === 0 ? end : '',
      met === undefined ? '?' : met ? 'met' : 'MISSED',
      result.line,
    ]);
  });
}
const headers = ['bench', 'time', 'run', 'goal', 'result'];
const widths = headers.map((header, column) =>
  Math.max(header.length, ...rows.map((row) => row[column]!.length)),
);
const format = (row: string[]) =>
  row
    .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
    .join('  ')
    .trimEnd();
const results = outcomes.flatMap((outcome) => outcome.results);
const missed = results.filter((result) => isGoalMet(result) === false);
const crashed = outcomes.filter(isCrashed);

console.log(`\n=== Summary: ${outcomes.length} benches in ${formatDuration(Date.now() - startedAt)} ===`);
console.log(format(headers));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(format(row));
console.log(
  `\n${results.length - missed.length} of ${results.length} goals met${
    missed.length > 0 ? `; missed: ${missed.map((result) => result.name).join(', ')}` : ''
  }.${crashed.length > 0 ? ` Crashed: ${crashed.map((outcome) => outcome.bench).join(', ')}.` : ''}`,
);
if (isInterrupted) console.log('Interrupted: the benches after the current one did not run.');
process.exit(crashed.length > 0 || isInterrupted ? 1 : 0);
