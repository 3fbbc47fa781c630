// The line under the section title: progress while the images compress, then the bytes saved in all.
import { Progress, Stack, Text } from '@mantine/core';
import { type CompressionState, countCompression, savingPercent } from '../../common/store-files/image-zip';
import { describeSaving, formatBytes } from './image-sizes';
import type { RunImage } from './run-image';

export function CompressionSummary({ images, state }: { images: RunImage[]; state: CompressionState }) {
  const counts = countCompression(images);
  if (state === 'compressing' && counts.requested > 0) {
    return (
      <Stack gap={4}>
        <Progress
          value={(counts.settled / counts.requested) * 100}
          aria-label={`${counts.settled} of ${counts.requested} images compressed`}
          animated
          striped
        />
        <Text size="sm" c="dimmed">
          {counts.settled} of {counts.requested} images done
          {counts.failed > 0 && `, ${counts.failed} failed`}
        </Text>
      </Stack>
    );
  }
  if (counts.complete === 0) {
    return (
      <Text size="sm" c="dimmed">
        {images.length === 1 ? '1 image' : `${images.length} images`} in this run.
      </Text>
    );
  }
  let original = 0;
  let compressed = 0;
  for (const image of images) {
    if (!image.compression_complete) continue;
    original += image.original_bytes ?? 0;
    compressed += image.compressed_bytes ?? 0;
  }
  const saving = savingPercent({ original_bytes: original, compressed_bytes: compressed });
  return (
    <Text size="sm">
      {counts.complete} of {images.length} images compressed: {formatBytes(original)} →{' '}
      {formatBytes(compressed)}
      {saving !== null && ` (${describeSaving(saving)})`}
    </Text>
  );
}
