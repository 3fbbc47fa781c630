// Above the products: the filter (flagged, failed, pending, approved, rejected) and what to do with the
// selected products at once: approve, reject, regenerate (after a confirmation) or lock and unlock fields.
import { Button, Checkbox, Group, Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type BundleWorkflowProduct, COPY_FIELDS } from '../../common/contract/entities';
import type { RunIds } from '../api/use-regenerate-products';
import { useRegenerateProducts } from '../api/use-regenerate-products';
import { FIELD_LABELS } from './copy-fields';
import { FILTER_LABELS, matchesFilter, PRODUCT_FILTERS, type ProductFilter } from './product-filter';
import { useSetLocks, useSetReview } from './use-review-actions';

type ReviewToolbarProps = {
  run: RunIds;
  products: BundleWorkflowProduct[];
  /** The products the filter lets through. */
  shown: BundleWorkflowProduct[];
  filter: ProductFilter;
  onFilter: (filter: ProductFilter) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
};

/** The actions on the selected products; a finished approve, reject or regenerate clears the selection. */
function useSelectionActions(
  run: RunIds,
  selected: ReadonlySet<number>,
  onSelect: ReviewToolbarProps['onSelect'],
) {
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const clear = () => onSelect(new Set());
  const review = useSetReview(run, clear);
  const locks = useSetLocks(run);
  const rewrite = useRegenerateProducts(run, { onQueued: clear });
  const ids = [...selected];
  return { ids, clear, review, locks, rewrite, confirmRegenerate, setConfirmRegenerate };
}

type SelectionActions = ReturnType<typeof useSelectionActions>;

export function ReviewToolbar(props: ReviewToolbarProps) {
  const { products, selected } = props;
  const actions = useSelectionActions(props.run, selected, props.onSelect);
  const count = actions.ids.length;
  const lockedCount = products.filter((p) => selected.has(p.id) && p.locked_fields.length > 0).length;
  return (
    <Stack gap="xs">
      <FilterRow {...props} />
      {count > 0 && <SelectionToolbar actions={actions} />}
      <RegenerateSelectedConfirm actions={actions} lockedCount={lockedCount} />
    </Stack>
  );
}

/** Which products are shown, and selecting all of them. */
function FilterRow({ products, shown, filter, onFilter, selected, onSelect }: ReviewToolbarProps) {
  const allShownSelected = shown.length > 0 && shown.every((product) => selected.has(product.id));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Show"
        value={filter}
        onChange={(event) => onFilter(event.currentTarget.value as ProductFilter)}
        data={PRODUCT_FILTERS.map((value) => ({
          value,
          label: `${FILTER_LABELS[value]} (${products.filter((p) => matchesFilter(p, value)).length})`,
        }))}
        w={180}
      />
      <Checkbox
        label={`Select all shown (${shown.length})`}
        checked={allShownSelected}
        indeterminate={selected.size > 0 && !allShownSelected}
        onChange={() => onSelect(allShownSelected ? new Set() : new Set(shown.map((p) => p.id)))}
        mb={8}
      />
    </Group>
  );
}

function SelectionToolbar({ actions }: { actions: SelectionActions }) {
  const { ids, review, rewrite } = actions;
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Selected products">
      <Text size="sm" fw={600}>
        {ids.length} selected
      </Text>
      <Button
        size="xs"
        color="teal"
        onClick={() => review.setReview(ids, 'approved')}
        loading={review.pendingReview === 'approved'}
      >
        Approve selected
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => review.setReview(ids, 'rejected')}
        loading={review.pendingReview === 'rejected'}
      >
        Reject selected
      </Button>
      <Button
        size="xs"
        color="grape"
        variant="light"
        onClick={() => actions.setConfirmRegenerate(true)}
        loading={rewrite.isPending}
      >
        Regenerate selected
      </Button>
      <LockMenu actions={actions} />
      <Button size="xs" variant="subtle" onClick={actions.clear}>
        Clear selection
      </Button>
    </Group>
  );
}

function LockMenu({ actions }: { actions: SelectionActions }) {
  const { ids, locks } = actions;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={locks.isPending}>
          Lock fields
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => locks.setLocks(ids, [...COPY_FIELDS], true)}>Lock all fields</Menu.Item>
        <Menu.Item onClick={() => locks.setLocks(ids, [...COPY_FIELDS], false)}>Unlock all fields</Menu.Item>
        <Menu.Divider />
        {COPY_FIELDS.map((field) => (
          <Menu.Item key={field} onClick={() => locks.setLocks(ids, [field], true)}>
            Lock {FIELD_LABELS[field]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RegenerateSelectedConfirm({
  actions,
  lockedCount,
}: {
  actions: SelectionActions;
  lockedCount: number;
}) {
  const { ids, setConfirmRegenerate } = actions;
  const count = ids.length;
  return (
    <Modal
      opened={actions.confirmRegenerate}
      onClose={() => setConfirmRegenerate(false)}
      title={`Regenerate ${count} product${count === 1 ? '' : 's'}?`}
    >
      <Stack gap="sm">
        <Text size="sm">
          Their copy is written again and goes back to pending review. Locked fields stay as they are
          {lockedCount > 0 ? ` (${lockedCount} of these products have locked fields)` : ''}; any other hand
          edits are replaced, and kept in each product's history.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmRegenerate(false)}>
            Cancel
          </Button>
          <Button
            color="grape"
            onClick={() => {
              setConfirmRegenerate(false);
              actions.rewrite.regenerate(ids);
            }}
          >
            Regenerate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
