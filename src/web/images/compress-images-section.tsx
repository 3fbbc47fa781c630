// The Compress Product Images section below the products table (SPEC §2, §4, §9): ask the server to
// compress every image of the run, watch each image's saving arrive, see the failures with their reasons,
// and download the compressed JPEGs as images.zip.
import { Alert, Button, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { BUNDLE_LIMITS } from '../../common/contract/constants';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import {
  type CompressionState,
  compressionState,
  countCompression,
  zipEntryName,
} from '../../common/store-files/image-zip';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import type { RunIds } from '../api/use-regenerate-products';
import { CompressionSummary } from './compression-summary';
import { ImageTile } from './image-tile';
import { imageId, listRunImages, type RunImage } from './run-image';
import { useZipExport } from './use-zip-export';

/** Thumbnails shown at first, and added by each "Show more": a run can hold tens of thousands of images. */
const THUMBNAIL_PAGE = 48;
/** Failed images listed in full; past this the list says how many more there are. */
const FAILED_LIST_LIMIT = 50;

const BUTTON_LABELS: Record<CompressionState, string> = {
  none: 'Compress Images',
  compressing: 'Compressing...',
  complete: 'Compressed',
};

type CompressImagesSectionProps = { run: RunIds; products: BundleWorkflowProduct[] };

/** The run's images, how far their compression has got, and the requests to compress all or retry the failed. */
function useImageCompression({ run, products }: CompressImagesSectionProps) {
  const images = useMemo(() => listRunImages(products), [products]);
  const counts = useMemo(() => countCompression(images), [images]);
  const failed = useMemo(() => images.filter((image) => image.compression_error !== null), [images]);

  // Two mutations, so that Compress and Retry each show their own pending state.
  const compressOptions = {
    errorTitle: 'Could not compress the images',
    // The section sees the images it just requested once the run is fetched again.
    invalidates: [queryKeys.bundleRun(run.bundleId, run.workflowId)],
  };
  const compressAll = useFunctionMutation('compress-images', compressOptions);
  const compressFailed = useFunctionMutation('compress-images', compressOptions);
  // SPEC §4: Compressing... from the click until the run shows the request; the counts take over from there.
  const state = compressionState(images, { hasClicked: compressAll.isPending });
  const compress = () => compressAll.mutate({ bundle_workflow_id: run.bundleWorkflowId });
  const retryFailed = () =>
    compressFailed.mutate({
      bundle_workflow_id: run.bundleWorkflowId,
      // The contract caps the list; a retry beyond it is one more click.
      bundle_workflow_products_images_ids: failed.slice(0, BUNDLE_LIMITS.maxProducts).map(imageId),
    });
  return { images, counts, failed, state, compress, retryFailed, isRetrying: compressFailed.isPending };
}

export function CompressImagesSection(props: CompressImagesSectionProps) {
  const titleId = useId();
  const { images, counts, failed, state, ...compression } = useImageCompression(props);
  const { progress, isExporting, exportZip } = useZipExport(images);
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h3" id={titleId}>
            Compress Product Images
          </Title>
          {images.length > 0 && (
            <Group gap="xs">
              <Button onClick={compression.compress} disabled={state !== 'none'}>
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

        {progress && <ZipProgress done={progress.done} total={progress.total} />}

        {failed.length > 0 && (
          <FailedImages
            failed={failed}
            onRetry={compression.retryFailed}
            isRetrying={compression.isRetrying}
            isRetryDisabled={state === 'compressing' || isExporting}
          />
        )}

        <ImageGrid images={images} />
      </Stack>
    </Paper>
  );
}

function ZipProgress({ done, total }: { done: number; total: number }) {
  return (
    <Stack gap={4}>
      <Progress
        value={total === 0 ? 100 : (done / total) * 100}
        aria-label={`Exporting: ${done} of ${total} images`}
        animated
        striped
      />
      <Text size="sm" c="dimmed">
        {done} of {total} images
      </Text>
    </Stack>
  );
}

/** The thumbnails, a page at a time. */
function ImageGrid({ images }: { images: RunImage[] }) {
  const [shownCount, setShownCount] = useState(THUMBNAIL_PAGE);
  return (
    <>
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
    </>
  );
}

type FailedImagesProps = {
  failed: RunImage[];
  onRetry: () => void;
  isRetrying: boolean;
  isRetryDisabled: boolean;
};

/** The images that could not be compressed, each with its reason, and a button to try them again. */
function FailedImages({ failed, onRetry, isRetrying, isRetryDisabled }: FailedImagesProps) {
  return (
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
          onClick={onRetry}
          loading={isRetrying}
          disabled={isRetryDisabled}
        >
          Retry failed images
        </Button>
      </Stack>
    </Alert>
  );
}
