// An address the app has no screen for: say so, rather than showing the welcome page as if it were one.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../ui/page-heading';
import { usePageTitle } from '../ui/use-page-title';

export function PageNotFound() {
  usePageTitle('Page not found');
  return (
    <Stack gap="sm">
      <PageHeading>Page not found</PageHeading>
      <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Anchor component={Link} to="/">
        Go to the start page
      </Anchor>
    </Stack>
  );
}
