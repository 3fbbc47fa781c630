// The photos a model that sees looked at (decision 044), in the Review panel: each as the compressed copy it
// was shown, with its alt text and what the model saw in it. A fact is the photo's word, not the product's:
// Accept says a reviewer checked it, and the copy check (shown above) then reads it as product data.
import { Badge, Button, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import type {
  BundleWorkflowProduct,
  CopyProblem,
  ImageDetail,
  PhotoFact,
} from '../../common/contract/entities';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import type { RunIds } from '../api/use-regenerate-products';
import { useCompressedImage } from './use-compressed-image';

type SetFact = (image: ImageDetail, fact: PhotoFact, accepted: boolean) => void;

export function PhotoFactsPanel({ product, run }: { product: BundleWorkflowProduct; run: RunIds }) {
  const mutation = useFunctionMutation('set-photo-fact', {
    errorTitle: 'Could not change the photo fact',
    invalidates: [queryKeys.bundleRun(run.bundleId, run.workflowId)],
  });
  const photos = (product.image_details ?? []).filter((image) => (image.photo_facts ?? []).length > 0);
  if (photos.length === 0) return null;
  const setFact: SetFact = (image, fact, accepted) =>
    mutation.mutate({
      bundle_workflow_products_image_id: image.bundle_workflow_products_image_id,
      name: fact.name,
      value: fact.value,
      accepted,
    });
  return (
    <Stack gap="xs" component="section" aria-label="Photos and what the model saw">
      <Title order={4} size="h5">
        Photos
      </Title>
      <Text size="xs" c="dimmed">
        What the model saw in a photo may go in its alt text. Other copy may say it only once you accept it.
      </Text>
      {photos.map((image) => {
        const index = (product.image_details ?? []).indexOf(image);
        return (
          <PhotoCard
            key={image.bundle_workflow_products_image_id}
            image={image}
            position={index + 1}
            flags={(product.problems ?? []).filter(
              (problem) => problem.code === 'photo_contradiction' && problem.field === `alt_texts[${index}]`,
            )}
            setFact={setFact}
            pending={mutation.isPending}
          />
        );
      })}
    </Stack>
  );
}

function PhotoCard({
  image,
  position,
  flags,
  setFact,
  pending,
}: {
  image: ImageDetail;
  position: number;
  /** The check's word that this photo contradicts the product's data (a "Red" variant shown in blue). */
  flags: readonly CopyProblem[];
  setFact: SetFact;
  pending: boolean;
}) {
  const src = useCompressedImage(image);
  const alt = image.alt_text ?? '';
  return (
    <Group align="flex-start" wrap="nowrap" role="group" aria-label={`Photo ${position}`}>
      {src ? (
        <Image src={src} alt={alt} w={96} h={96} radius="sm" fit="cover" />
      ) : (
        <Text size="xs" c="dimmed" w={96}>
          Not compressed yet
        </Text>
      )}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={600}>
            Alt text:
          </Text>{' '}
          {alt || 'none yet'}
        </Text>
        {flags.map((flag) => (
          <Text key={flag.message} size="sm" fw={600} role="note">
            {flag.message}
          </Text>
        ))}
        <List
          size="sm"
          spacing={4}
          listStyleType="none"
          aria-label={`What the model saw in photo ${position}`}
        >
          {(image.photo_facts ?? []).map((fact) => (
            <List.Item key={`${fact.name}|${fact.value}`}>
              <FactLine image={image} fact={fact} setFact={setFact} pending={pending} />
            </List.Item>
          ))}
        </List>
      </Stack>
    </Group>
  );
}

function FactLine({
  image,
  fact,
  setFact,
  pending,
}: {
  image: ImageDetail;
  fact: PhotoFact;
  setFact: SetFact;
  pending: boolean;
}) {
  const label = `${fact.name}: ${fact.value}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">{label}</Text>
      {fact.accepted ? (
        <>
          <Badge color="teal" variant="light">
            Accepted
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={pending}
            onClick={() => setFact(image, fact, false)}
            aria-label={`Take back ${label}`}
          >
            Take back
          </Button>
        </>
      ) : (
        <>
          <Badge color="gray" variant="light">
            From the photo
          </Badge>
          <Button
            size="compact-xs"
            variant="light"
            disabled={pending}
            onClick={() => setFact(image, fact, true)}
            aria-label={`Accept ${label}`}
          >
            Accept
          </Button>
        </>
      )}
    </Group>
  );
}
