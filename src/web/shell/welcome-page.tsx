import { Stack, Text } from '@mantine/core';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';

export function WelcomePage() {
  usePageTitle('');
  return (
    <Stack maw={640}>
      <PageHeading>Welcome to Copyloom</PageHeading>
      <Text>
        Turn a product list into search-engine copy: page titles, meta descriptions, headings, descriptions,
        fact sheets, URL suggestions and image alt text. Start with New in the menu, or open one of your
        bundles.
      </Text>
    </Stack>
  );
}
