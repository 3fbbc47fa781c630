// One image of the run: its thumbnail, file name and compression status.
import { Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { ImageDetail } from '../../common/contract/entities';
import { savingPercent, zipEntryName } from '../../common/store-files/image-zip';
import { describeSaving, formatBytes } from './image-sizes';
import type { RunImage } from './run-image';

export function ImageTile({ image }: { image: RunImage }) {
  const name = zipEntryName(image.url);
  return (
    <Paper withBorder p="xs" role="listitem">
      <Stack gap={4}>
        <Image
          src={image.url}
          alt={image.alt_text || image.productName || name}
          h={96}
          fit="contain"
          loading="lazy"
          // The run's own address has no business in a store's logs.
          referrerPolicy="no-referrer"
        />
        <Text size="xs" truncate="end" title={image.url}>
          {name}
        </Text>
        <ImageStatus image={image} />
      </Stack>
    </Paper>
  );
}

function ImageStatus({ image }: { image: ImageDetail }) {
  if (image.compression_complete) {
    const saving = savingPercent(image);
    const grew = saving !== null && saving < 0;
    return (
      <Group gap={4} wrap="wrap">
        <Badge size="sm" variant="light" color={grew ? 'orange' : 'teal'}>
          {saving === null ? 'Compressed' : describeSaving(saving)}
        </Badge>
        {image.original_bytes !== null && image.compressed_bytes !== null && (
          <Text size="xs" c="dimmed">
            {formatBytes(image.original_bytes)} → {formatBytes(image.compressed_bytes)}
          </Text>
        )}
      </Group>
    );
  }
  if (image.compression_error !== null) {
    return (
      <Badge size="sm" variant="light" color="red" title={image.compression_error}>
        Failed
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color="gray">
      {image.compression_requested ? 'In progress' : 'Not compressed'}
    </Badge>
  );
}
