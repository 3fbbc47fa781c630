// Each page's one h1. It can take focus (tabIndex -1, not in the tab order) so that, after a navigation, the
// shell moves focus to it and a screen reader announces the new page (use-heading-focus.ts).
import { Title, type TitleProps } from '@mantine/core';

export const PAGE_HEADING_SELECTOR = '[data-page-heading]';

export function PageHeading(props: Omit<TitleProps, 'order'>) {
  return <Title order={1} tabIndex={-1} data-page-heading="" {...props} />;
}
