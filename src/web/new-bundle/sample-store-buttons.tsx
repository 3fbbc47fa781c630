import { Button, Group, Text } from '@mantine/core';
import { SAMPLE_STORES, type SampleStore } from '../lib/sample-stores';

/** SPEC §2: three pre-fill buttons that load the setup of an example store. */
export function SampleStoreButtons({ onPick }: { onPick: (store: SampleStore) => void }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Try a sample:
      </Text>
      {SAMPLE_STORES.map((store) => (
        <Button key={store.folder} size="xs" variant="default" onClick={() => onPick(store)}>
          Sample: {store.name}
        </Button>
      ))}
    </Group>
  );
}
