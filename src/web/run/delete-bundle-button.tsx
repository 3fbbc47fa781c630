// Deletes the bundle after a confirmation, then refreshes the bundle list and goes home.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';

export function DeleteBundleButton({ bundleId, bundleName }: { bundleId: number; bundleName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteBundle = useFunctionMutation('delete-bundle', {
    errorTitle: 'Could not delete the bundle',
    onSuccess: () => {
      close();
      queryClient.removeQueries({ queryKey: queryKeys.bundleRuns(bundleId) });
    },
    invalidates: [queryKeys.bundles()],
  });
  const isDeleting = deleteBundle.isPending;
  const remove = () => deleteBundle.mutate({ bundle_id: bundleId }, { onSuccess: () => navigate('/') });

  return (
    <>
      <Button variant="subtle" color="red" onClick={open}>
        Delete bundle
      </Button>
      <Modal opened={opened} onClose={close} title="Delete this bundle?" centered>
        <Text size="sm">
          {bundleName} and the copy written for it in every workflow will be deleted. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={isDeleting}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={isDeleting}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
