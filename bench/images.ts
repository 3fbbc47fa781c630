// Image compression bench: the compress-image task's core (safe fetch from a local image server,
// magic-byte check, header check, sharp) against a bare sharp loop over the same bytes. It prints the bytes
// saved against the originals, images per second on each path, and their ratio (the task's overhead).
// Runs standalone, with no database: `npx tsx bench/images.ts`.
import sharp from 'sharp';
import { type CompressImageDeps, fetchAndCompressImage } from '../src/server/domain/images/compress-image';
import { IMAGE_COMPRESSION_DEFAULTS } from '../src/server/domain/images/encode-jpeg';
import { encodePhoto, type ServedImage, startImageServer } from '../tests/support/image-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GENERATED_PHOTOS = 10;

const server = await startImageServer();
try {
  for (let seed = 1; seed <= GENERATED_PHOTOS; seed++) {
    // A camera-like original: 2000×2000, noise plus gradients, saved as a high-quality JPEG.
    server.addImage(`/generated-${seed}.jpg`, await encodePhoto(2000, 2000, 'jpeg', 100 + seed));
  }
  const samples = Object.entries(server.images) as [string, ServedImage][];
  const deps: CompressImageDeps = {
    fetch: { allowPrivateHosts: [server.hostPort] },
    compress: { maxEdge: IMAGE_COMPRESSION_DEFAULTS.maxEdge },
  };

  const throughTask = async () => {
    const sizes: number[] = [];
    for (const [path] of samples)
      sizes.push((await fetchAndCompressImage(server.url(path), deps)).compressedBytes);
    return sizes;
  };
  // The same pipeline the task runs, minus fetching and checks: the floor the task is measured against.
  const bareSharp = async () => {
    const sizes: number[] = [];
    for (const [, image] of samples) {
      const bytes = await sharp(image.bytes, { limitInputPixels: IMAGE_COMPRESSION_DEFAULTS.maxInputPixels })
        .rotate()
        .resize({
          width: IMAGE_COMPRESSION_DEFAULTS.maxEdge,
          height: IMAGE_COMPRESSION_DEFAULTS.maxEdge,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: IMAGE_COMPRESSION_DEFAULTS.quality, progressive: true, mozjpeg: true })
        .toBuffer();
      sizes.push(bytes.length);
    }
    return sizes;
  };
  const timed = async (run: () => Promise<number[]>) => {
    const started = performance.now();
    const sizes = await run();
    return { ms: performance.now() - started, sizes };
  };

  // Warm both paths (sharp's first calls load codecs), then alternate rounds so drift hits both alike.
  const [warmPath, warmImage] = samples[0]!;
  await fetchAndCompressImage(server.url(warmPath), deps);
  await sharp(warmImage.bytes).jpeg({ mozjpeg: true }).toBuffer();
  const taskRuns: number[] = [];
  const bareRuns: number[] = [];
  let sizes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const task = await timed(throughTask);
    const bare = await timed(bareSharp);
    taskRuns.push(task.ms);
    bareRuns.push(bare.ms);
    sizes = task.sizes;
  }
  const taskMs = median(taskRuns);
  const bareMs = median(bareRuns);

  console.log(
    `images: ${samples.length} (${samples.length - GENERATED_PHOTOS} samples + ${GENERATED_PHOTOS} generated 2000×2000 photos)`,
  );
  console.log(
    `${'image'.padEnd(24)}${'original'.padStart(12)}${'compressed'.padStart(12)}${'saved'.padStart(8)}`,
  );
  let original = 0;
  let compressed = 0;
  for (const [index, [path, image]] of samples.entries()) {
    const after = sizes[index]!;
    original += image.bytes.length;
    compressed += after;
    console.log(
      `${path.padEnd(24)}${formatBytes(image.bytes.length).padStart(12)}${formatBytes(after).padStart(12)}${percentSaved(image.bytes.length, after).padStart(8)}`,
    );
  }
  console.log(
    `total: ${formatBytes(original)} → ${formatBytes(compressed)}, saved ${formatBytes(original - compressed)} (${percentSaved(original, compressed)})`,
  );
  const perSecond = (ms: number) => (samples.length / ms) * 1000;
  console.log(
    `through the task: ${perSecond(taskMs).toFixed(2)} images/s (median of ${ROUNDS} rounds, ${taskMs.toFixed(0)} ms)`,
  );
  console.log(
    `bare sharp loop:  ${perSecond(bareMs).toFixed(2)} images/s (median of ${ROUNDS} rounds, ${bareMs.toFixed(0)} ms)`,
  );
  console.log(`RESULT images_overhead ${(taskMs / bareMs).toFixed(3)} (goal <= 1.5)`);
} finally {
  await server.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function percentSaved(before: number, after: number): string {
  return `${(((before - after) / before) * 100).toFixed(1)}%`;
}
