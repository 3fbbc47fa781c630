// Beside each field of the Review panel: its lock against regeneration, and the store's own text for it.
import { Switch, Text } from '@mantine/core';
import type { BundleWorkflowProduct, CopyFieldName } from '../../common/contract/entities';
import { FIELD_LABELS } from './copy-fields';

export function StoreValue({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="xs">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

export function LockSwitch({
  field,
  product,
  onChange,
}: {
  field: CopyFieldName;
  product: BundleWorkflowProduct;
  onChange: (field: CopyFieldName, locked: boolean) => void;
}) {
  const isLocked = product.locked_fields.includes(field);
  return (
    <Switch
      size="xs"
      label={isLocked ? 'Locked' : 'Lock'}
      aria-label={`Lock ${FIELD_LABELS[field]}`}
      checked={isLocked}
      onChange={(event) => onChange(field, event.currentTarget.checked)}
    />
  );
}
