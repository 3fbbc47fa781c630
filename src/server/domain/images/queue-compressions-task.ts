// The queue-image-compressions task: marks and queues a big request's images in batches, each batch its own
// short transaction, so the request itself is answered at once. A retry carries on where the marked images end
// (a marked image is no longer eligible, and its job key makes a repeat harmless anyway).
import type { Task } from 'graphile-worker';
import type { Database } from '../../db/client';
import {
  COMPRESSIONS_PER_BATCH,
  queueCompressionsPayloadSchema,
  queueMarkedCompressions,
} from '../../leaves/queue/image-jobs';
import { markForCompression } from './request-compression';

export function queueCompressionsTask(db: Database): Task {
  return async (payload) => {
    const request = queueCompressionsPayloadSchema.parse(payload);
    const selection = request.imageIds ? { imageIds: request.imageIds } : {};
    let afterId = 0;
    for (;;) {
      const lastId = await db.transaction(async (tx) => {
        const marked = await markForCompression(tx, request, selection, afterId, COMPRESSIONS_PER_BATCH);
        if (marked.lastId === null) return null;
        await queueMarkedCompressions(tx, request, afterId, marked.marked);
        return marked.lastId;
      });
      if (lastId === null) return;
      afterId = lastId;
    }
  };
}
