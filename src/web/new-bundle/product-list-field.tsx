// SPEC §2: the Product List, switchable between the Import uploader and a manual textarea whose text
// gives the column order and the image separator.
import { SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { DEFAULT_COLUMNS, IMAGE_URL_SEPARATOR } from '../../common/contract/constants';

export type ProductListMode = 'import' | 'manual';

export const MANUAL_INSTRUCTIONS = `Put each product on its own line, with the columns in this order: ${DEFAULT_COLUMNS.join(
  ', ',
)}. Separate several image_urls with the character ${IMAGE_URL_SEPARATOR}`;

const MANUAL_EXAMPLE =
  'Oslo Wool Throw,Nordic Home,https://example.com/products/oslo-throw,https://example.com/oslo-1.jpg|https://example.com/oslo-2.jpg,130 x 170 cm,Grey,"A soft lambswool throw.","Material: Lambswool"';

type ProductListFieldProps = {
  mode: ProductListMode;
  onModeChange: (mode: ProductListMode) => void;
  manualText: string;
  onManualTextChange: (text: string) => void;
  importer: ReactNode;
};

export function ProductListField({
  mode,
  onModeChange,
  manualText,
  onManualTextChange,
  importer,
}: ProductListFieldProps) {
  return (
    <Stack gap={6}>
      <SegmentedControl
        aria-label="How to add products"
        w="fit-content"
        value={mode}
        onChange={(value) => onModeChange(value as ProductListMode)}
        data={[
          { value: 'import', label: 'Import' },
          { value: 'manual', label: 'Manual' },
        ]}
      />
      {mode === 'manual' ? (
        <Textarea
          label="Product List"
          description={MANUAL_INSTRUCTIONS}
          placeholder={MANUAL_EXAMPLE}
          value={manualText}
          onChange={(event) => onManualTextChange(event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={18}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} component="h2" m={0}>
            Product List
          </Text>
          {importer}
        </Stack>
      )}
    </Stack>
  );
}
