// Account: connected Shopify and WooCommerce stores. Connect with the store's API credentials
// (proved by the server with one read), import a store's catalogue into a new bundle, or disconnect.
import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { StoreView } from '../../common/contract/functions';
import { queryKeys } from '../api/query-keys';
import { useFunctionMutation } from '../api/use-function-mutation';
import { useFunctionQuery } from '../api/use-function-query';
import { ApiVersionNote } from './api-version-note';

const PLATFORM_LABELS = { shopify: 'Shopify', woocommerce: 'WooCommerce' } as const;

export function ConnectedStores() {
  const stores = useFunctionQuery('list-stores', {}, { queryKey: queryKeys.stores() });
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={3}>Connected stores</Title>
        <Text size="sm" c="dimmed">
          Import a store&apos;s catalogue straight into a bundle, and push approved copy back with a preview
          and an undo. Credentials are kept encrypted and are never shown again.
        </Text>
        {stores.data && stores.data.stores.length > 0 && (
          <Table aria-label="Connected stores">
            <Table.Tbody>
              {stores.data.stores.map((store) => (
                <StoreRow key={store.id} store={store} />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {stores.data?.stores.length === 0 && <Text size="sm">No store connected yet.</Text>}
        <ConnectStoreForm />
      </Stack>
    </Paper>
  );
}

function StoreRow({ store }: { store: StoreView }) {
  const navigate = useNavigate();
  const importStore = useFunctionMutation('import-store', {
    errorTitle: 'Could not import the store',
    invalidates: [queryKeys.bundles()],
    onSuccess: (data) => navigate(`/view-bundle/${data.bundle_id}/${data.workflow_id}`),
  });
  const disconnect = useFunctionMutation('disconnect-store', {
    errorTitle: 'Could not disconnect the store',
    invalidates: [queryKeys.stores()],
  });
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{store.name}</Text>
        <Text size="xs" c="dimmed">
          {store.store_url}
        </Text>
        <ApiVersionNote store={store} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light">{PLATFORM_LABELS[store.platform]}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            loading={importStore.isPending}
            onClick={() => importStore.mutate({ store_id: store.id, bundle_name: `${store.name} catalogue` })}
          >
            Import {store.name}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={disconnect.isPending}
            onClick={() => disconnect.mutate({ store_id: store.id })}
          >
            Disconnect
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function ConnectStoreForm() {
  const form = useForm({
    initialValues: {
      platform: 'shopify' as 'shopify' | 'woocommerce',
      store_url: '',
      access_token: '',
      consumer_key: '',
      consumer_secret: '',
    },
  });
  const connect = useFunctionMutation('connect-store', {
    errorTitle: 'Could not connect the store',
    invalidates: [queryKeys.stores()],
    onSuccess: (data) => {
      notifications.show({ color: 'teal', message: `Connected ${data.store.name}.` });
      form.reset();
    },
  });
  const isShopify = form.values.platform === 'shopify';
  const submit = form.onSubmit((values) =>
    connect.mutate(
      isShopify
        ? { platform: 'shopify', store_url: values.store_url, access_token: values.access_token }
        : {
            platform: 'woocommerce',
            store_url: values.store_url,
            consumer_key: values.consumer_key,
            consumer_secret: values.consumer_secret,
          },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Connect a store">
      <Stack gap="xs">
        <SegmentedControl
          data={[
            { value: 'shopify', label: 'Shopify' },
            { value: 'woocommerce', label: 'WooCommerce' },
          ]}
          {...form.getInputProps('platform')}
        />
        <TextInput
          label="Store address"
          placeholder={isShopify ? 'https://your-store.myshopify.com' : 'https://shop.example.com'}
          required
          {...form.getInputProps('store_url')}
        />
        {isShopify ? (
          <PasswordInput
            label="Admin API access token"
            description="Scopes: read_products, write_products and write_files (for image alt texts)."
            required
            {...form.getInputProps('access_token')}
          />
        ) : (
          <>
            <TextInput label="Consumer key" required {...form.getInputProps('consumer_key')} />
            <PasswordInput
              label="Consumer secret"
              description="A REST API key with Read/Write permission (WooCommerce → Settings → Advanced → REST API)."
              required
              {...form.getInputProps('consumer_secret')}
            />
          </>
        )}
        <Button type="submit" loading={connect.isPending} w="fit-content">
          Connect
        </Button>
      </Stack>
    </form>
  );
}
