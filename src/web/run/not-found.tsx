import { Alert } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { usePageTitle } from '../ui/use-page-title';

export function BundleNotFound() {
  usePageTitle('Not found');
  return (
    <Alert color="orange" variant="light" title="Not found" role="alert">
      {USER_MESSAGES.notFound}
    </Alert>
  );
}
