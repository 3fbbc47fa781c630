// How a push's pending items are cut into chunks, each one live read and one write: `chunkSize` products a
// chunk, and where the platform asks (push.variantsInProductChunk) a product's variants stay in its chunk
// however full, since the journal lists them after it and writing one moves the product's own date.
import type { StorePlatform } from './platform';

type Grouped = { remoteProductId: string };

/** `groups` (one product or variant's items each, in journal order) as chunks. */
export function chunksOf<T extends Grouped>(platform: StorePlatform, groups: T[][]): T[][][] {
  const size = platform.push.chunkSize;
  const chunks: T[][][] = [];
  for (const group of groups) {
    const last = chunks.at(-1);
    const sameProduct =
      platform.push.variantsInProductChunk === true &&
      last?.at(-1)?.[0]?.remoteProductId === group[0]!.remoteProductId;
    if (last && (last.length < size || sameProduct)) last.push(group);
    else chunks.push([group]);
  }
  return chunks;
}
