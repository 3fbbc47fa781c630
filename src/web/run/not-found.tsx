import { Alert } from '@mantine/core';
import { USER_MESSAGES } from '../../common/errors';

export function BundleNotFound() {
  return (
    <Alert color="orange" variant="light" title="Not found" role="alert">
      {USER_MESSAGES.notFound}
    </Alert>
  );
}
