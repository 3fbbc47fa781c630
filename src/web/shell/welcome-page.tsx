import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../ui/use-page-title';

export function WelcomePage() {
  usePageTitle('');
  return (
    <Stack maw={640}>
      <Title order={1}>Welcome to Copyloom</Title>
      <Text>
        Turn a product list into search-engine copy: page titles, meta descriptions, headings, descriptions,
        fact sheets, URL suggestions and image alt text. Start with New in the menu, or open one of your
        bundles.
      </Text>
    </Stack>
  );
}
