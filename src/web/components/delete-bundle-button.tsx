// Deletes the bundle after a confirmation, then refreshes the bundle list and goes home.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError, invoke } from '../lib/invoke';
import { bundleListKey } from '../lib/queries';

export function DeleteBundleButton({ bundleId, bundleName }: { bundleId: number; bundleName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const remove = async () => {
    setIsDeleting(true);
    const result = await invoke('delete-bundle', { bundle_id: bundleId });
    setIsDeleting(false);
    if (result.error) {
      notifications.show({
        color: 'red',
        title: 'Could not delete the bundle',
        message: describeError(result.error),
      });
      return;
    }
    close();
    queryClient.removeQueries({ queryKey: ['bundle-run', bundleId] });
    await queryClient.invalidateQueries({ queryKey: bundleListKey });
    navigate('/');
  };

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
