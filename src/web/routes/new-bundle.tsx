import { Stack, Text, Title } from '@mantine/core';

export function NewBundlePage() {
  return (
    <Stack>
      <Title order={1}>New bundle</Title>
      <Text c="dimmed">Creating bundles arrives with the bundle screens.</Text>
    </Stack>
  );
}
