// The Compress Product Images section below the products table (SPEC §2, §4, §9; issue 5): ask the server to
// compress every image of the run, watch each image's saving arrive, see the failures with their reasons,
// and download the compressed JPEGs as images.zip.
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { BUNDLE_LIMITS, IMAGES_ZIP_FILE_NAME } from '../../common/constants';
import type { BundleWorkflowProduct, ImageDetail } from '../../common/entities';
import {
  type CompressionState,
  compressionState,
  countCompression,
  createStoredZip,
  savingPercent,
  uniqueZipNames,
  ZIP_LIMITS,
  zipEntryName,
} from '../../common/image-zip';
import { downloadBlob } from '../lib/download-file';
import { describeError, type InvokeResult, invoke } from '../lib/invoke';

/** Thumbnails shown at first, and added by each "Show more": a run can hold tens of thousands of images. */
const THUMBNAIL_PAGE = 48;
/** Failed images listed in full; past this the list says how many more there are. */
const FAILED_LIST_LIMIT = 50;
/** Downloads in flight while exporting: enough to hide latency without queueing the whole run at once. */
const FETCH_CONCURRENCY = 4;

const BUTTON_LABELS: Record<CompressionState, string> = {
  none: 'Compress Images',
  compressing: 'Compressing...',
  complete: 'Compressed',
};

type RunImage = ImageDetail & { productName: string };
type ExportProgress = { done: number; total: number };

type CompressImagesSectionProps = {
  products: BundleWorkflowProduct[];
  bundleWorkflowId: number;
  /** Refetches the run, so the section sees the images it just requested. */
  onRequested: () => Promise<unknown>;
};

export function CompressImagesSection({
  products,
  bundleWorkflowId,
  onRequested,
}: CompressImagesSectionProps) {
  const titleId = useId();
  const images = useMemo<RunImage[]>(
    () =>
      products.flatMap((product) =>
        (product.image_details ?? []).map((image) => ({
          ...image,
          productName: product.product_details.product_name ?? '',
        })),
      ),
    [products],
  );
  const counts = useMemo(() => countCompression(images), [images]);
  const failed = useMemo(() => images.filter((image) => image.compression_error !== null), [images]);

  // SPEC §4: Compressing... from the click until the run shows the request; the counts take over from there.
  const [hasClicked, setHasClicked] = useState(false);
  const [isRetrying, setIsRetrying] = useState(false);
  const state = compressionState(images, { hasClicked });

  const request = async (imageIds?: number[]) => {
    const result = await invoke('compress-images', {
      bundle_workflow_id: bundleWorkflowId,
      bundle_workflow_products_images_ids: imageIds,
    });
    if (result.error) {
      notifications.show({
        color: 'red',
        title: 'Could not compress the images',
        message: describeError(result.error),
      });
      return;
    }
    await onRequested();
  };
  const compress = async () => {
    setHasClicked(true);
    await request();
    setHasClicked(false);
  };
  const retryFailed = async () => {
    setIsRetrying(true);
    // The contract caps the list; a retry beyond it is one more click.
    await request(failed.slice(0, BUNDLE_LIMITS.maxProducts).map(imageId));
    setIsRetrying(false);
  };

  const { progress, isExporting, exportZip } = useZipExport(images);
  const [shownCount, setShownCount] = useState(THUMBNAIL_PAGE);

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h3" id={titleId}>
            Compress Product Images
          </Title>
          {images.length > 0 && (
            <Group gap="xs">
              <Button onClick={compress} disabled={state !== 'none'}>
                {BUTTON_LABELS[state]}
              </Button>
              <Button
                variant="light"
                onClick={exportZip}
                disabled={state !== 'complete' || isExporting || counts.complete === 0}
              >
                {isExporting ? 'Exporting...' : 'Export as ZIP'}
              </Button>
            </Group>
          )}
        </Group>

        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            No product images in this run.
          </Text>
        ) : (
          <CompressionSummary images={images} state={state} />
        )}

        {progress && (
          <Stack gap={4}>
            <Progress
              value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
              aria-label={`Exporting: ${progress.done} of ${progress.total} images`}
              animated
              striped
            />
            <Text size="sm" c="dimmed">
              {progress.done} of {progress.total} images
            </Text>
          </Stack>
        )}

        {failed.length > 0 && (
          <Alert color="red" variant="light" role="region" aria-label="Images that could not be compressed">
            <Stack gap="xs" align="flex-start">
              <Text size="sm" fw={600}>
                {failed.length === 1 ? '1 image' : `${failed.length} images`} could not be compressed
              </Text>
              <List size="sm" spacing={4}>
                {failed.slice(0, FAILED_LIST_LIMIT).map((image) => (
                  <List.Item key={image.bundle_workflow_products_image_id}>
                    <Text span size="sm" fw={500} title={image.url}>
                      {zipEntryName(image.url)}
                    </Text>
                    {image.productName && ` (${image.productName})`}: {image.compression_error}
                  </List.Item>
                ))}
              </List>
              {failed.length > FAILED_LIST_LIMIT && (
                <Text size="sm">and {failed.length - FAILED_LIST_LIMIT} more</Text>
              )}
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={retryFailed}
                loading={isRetrying}
                disabled={state === 'compressing' || isExporting}
              >
                Retry failed images
              </Button>
            </Stack>
          </Alert>
        )}

        {images.length > 0 && (
          <SimpleGrid
            cols={{ base: 2, xs: 3, sm: 4, md: 6 }}
            spacing="sm"
            role="list"
            aria-label="Product images"
          >
            {images.slice(0, shownCount).map((image) => (
              <ImageTile key={image.bundle_workflow_products_image_id} image={image} />
            ))}
          </SimpleGrid>
        )}
        {images.length > shownCount && (
          <Button
            variant="subtle"
            onClick={() => setShownCount((count) => count + THUMBNAIL_PAGE)}
            style={{ alignSelf: 'flex-start' }}
          >
            Show more images ({images.length - shownCount} not shown)
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

const imageId = (image: Pick<ImageDetail, 'bundle_workflow_products_image_id'>) =>
  image.bundle_workflow_products_image_id;

function CompressionSummary({ images, state }: { images: RunImage[]; state: CompressionState }) {
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

function ImageTile({ image }: { image: RunImage }) {
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

/** A saving in whole percent, said plainly when the JPEG came out larger than the original. */
function describeSaving(percent: number): string {
  const rounded = Math.round(percent);
  if (rounded > 0) return `${rounded}% smaller`;
  if (rounded < 0) return `${-rounded}% larger`;
  return 'Same size';
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  // One decimal below 10 KB and in MB, so small sample images do not all read "3 KB → 3 KB".
  if (bytes < 10 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Export as ZIP: fetches each compressed image and writes images.zip, with progress, stopping on unmount. */
function useZipExport(images: RunImage[]) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const exportZip = async () => {
    // Failed and unfinished images have no compressed bytes to download.
    const exportable = images.filter((image) => image.compression_complete);
    const totalBytes = exportable.reduce((sum, image) => sum + (image.compressed_bytes ?? 0), 0);
    if (exportable.length > ZIP_LIMITS.maxEntries || totalBytes > ZIP_LIMITS.maxBytes) {
      notifications.show({
        color: 'red',
        title: 'Too many images for one ZIP',
        message: `A ZIP file holds at most ${ZIP_LIMITS.maxEntries.toLocaleString('en-US')} images and 4 GB.`,
      });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ done: 0, total: exportable.length });
    try {
      const { blob, missing } = await writeImagesZip(exportable, controller.signal, (done) =>
        setProgress({ done, total: exportable.length }),
      );
      if (missing.length === exportable.length) {
        notifications.show({
          color: 'red',
          title: 'Could not export the images',
          message: missing[0]?.reason ?? 'No image could be downloaded.',
        });
        return;
      }
      downloadBlob(blob, IMAGES_ZIP_FILE_NAME);
      if (missing.length > 0) {
        notifications.show({
          color: 'orange',
          title: `${missing.length} of ${exportable.length} images are not in the ZIP`,
          message: `They could not be downloaded: ${missing[0]!.reason}`,
        });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      notifications.show({
        color: 'red',
        title: 'Could not export the images',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };
  return { progress, isExporting: progress !== null, exportZip };
}

type MissingImage = { image: RunImage; reason: string };

/**
 * Downloads the images a few at a time and adds them to the archive in run order, so the ZIP lists them as
 * the table does. Each written chunk moves into a Blob straight away, which the browser may keep on disk,
 * instead of holding every image and the whole archive in memory together.
 */
async function writeImagesZip(
  images: RunImage[],
  signal: AbortSignal,
  onProgress: (done: number) => void,
): Promise<{ blob: Blob; missing: MissingImage[] }> {
  const names = uniqueZipNames(images.map((image) => image.url));
  const parts: Blob[] = [];
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  const zip = createStoredZip((chunk) => chunks.push(chunk));
  const flush = () => {
    if (chunks.length === 0) return;
    parts.push(new Blob(chunks));
    chunks = [];
  };

  const inFlight: Promise<InvokeResult<'view-compressed-image'>>[] = [];
  let next = 0;
  const startNext = () => {
    const image = images[next];
    if (!image) return;
    next += 1;
    const download = invoke(
      'view-compressed-image',
      { bundle_workflow_products_image_id: imageId(image) },
      { signal },
    );
    // Awaited in order below; this only stops an abort from surfacing as an unhandled rejection first.
    download.catch(() => {});
    inFlight.push(download);
  };
  for (let i = 0; i < FETCH_CONCURRENCY; i += 1) startNext();

  const missing: MissingImage[] = [];
  for (const [index, image] of images.entries()) {
    const result = await inFlight.shift()!;
    startNext();
    if (result.error) missing.push({ image, reason: describeError(result.error) });
    else {
      zip.add(names[index]!, result.data);
      flush();
    }
    onProgress(index + 1);
  }
  zip.end();
  flush();
  return { blob: new Blob(parts, { type: 'application/zip' }), missing };
}
