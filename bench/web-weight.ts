// Web weight bench: the JavaScript a phone downloads to show the sign-in page, against a budget of 150 KB
// brotli. It reads the build in dist/web (`node scripts/build.mjs` first; BENCH_BUILD=1 builds it here): the
// scripts index.html loads, and every chunk they import statically (Vite's manifest, dist/web/.vite), as
// the browser fetches them before the first paint. Lazy chunks (the signed-in pages) are listed apart.
// `npx tsx bench/web-weight.ts`
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const GOAL_KB = 150;
const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'dist', 'web');

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

if (process.env.BENCH_BUILD === '1')
  execFileSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `No ${path.relative(root, manifestFile)}: run \`node scripts/build.mjs\` first (or BENCH_BUILD=1).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');

// What index.html names (its entry script and modulepreloads), then each one's static imports, as a browser does.
const named = [...indexHtml.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const signIn = new Set<string>();
const visit = (file: string) => {
  if (signIn.has(file)) return;
  signIn.add(file);
  for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]!.file);
};
for (const file of named) visit(file);
if (signIn.size === 0 || ![...signIn].some((file) => byFile.get(file)?.isEntry)) {
  console.error('Found no entry chunk in dist/web/index.html and its manifest: nothing to measure.');
  process.exit(1);
}

type Weight = { file: string; raw: number; gzip: number; brotli: number };
const weigh = (file: string): Weight => {
  const bytes = readFileSync(path.join(webRoot, file));
  // The .br and .gz the build wrote are what the server sends; computed here when they are missing.
  const stored = (suffix: string) => {
    const full = path.join(webRoot, file + suffix);
    return existsSync(full) ? readFileSync(full).length : undefined;
  };
  const brotli =
    stored('.br') ??
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
      .length;
  return { file, raw: bytes.length, gzip: stored('.gz') ?? gzipSync(bytes, { level: 9 }).length, brotli };
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const print = (title: string, weights: Weight[]) => {
  console.log(`${title}\n${'raw KB'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}  file`);
  for (const w of weights.sort((a, b) => b.brotli - a.brotli)) {
    console.log(`${kb(w.raw)} ${kb(w.gzip)} ${kb(w.brotli)}  ${w.file}`);
  }
};
const signInWeights = [...signIn].map(weigh);
const lazyWeights = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js') && !signIn.has(file))
  .map(weigh);
print('The sign-in page loads:', signInWeights);
print('\nLoaded later (lazy pages and parts, and their shared chunks):', lazyWeights);

const sum = (weights: Weight[], key: 'raw' | 'gzip' | 'brotli') => weights.reduce((n, w) => n + w[key], 0);
const [oneMinute, fiveMinutes] = os.loadavg();
// bench/run.ts reads a RESULT line only as it stands, so what goes beside it goes on the line before.
console.log(
  `\nsign-in JavaScript: ${signIn.size} files, ${kb(sum(signInWeights, 'raw')).trim()} KB raw, ${kb(sum(signInWeights, 'gzip')).trim()} KB gzip, ${kb(sum(signInWeights, 'brotli')).trim()} KB brotli; load average ${oneMinute!.toFixed(1)}, ${fiveMinutes!.toFixed(1)} on ${os.availableParallelism()} cores`,
);
console.log(`RESULT signin_js_kb ${(sum(signInWeights, 'brotli') / 1024).toFixed(1)} (goal <= ${GOAL_KB})`);
