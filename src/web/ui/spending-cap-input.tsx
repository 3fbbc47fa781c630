// The spending-cap field, on the new-bundle form and in the run view's cap editor.
import { NumberInput } from '@mantine/core';

/** The cap in US dollars, as typed; an empty field means no cap. */
export function SpendingCapInput({
  value,
  onChange,
  description,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
  description: string;
}) {
  return (
    <NumberInput
      label="Spending cap (USD)"
      description={description}
      placeholder="No cap"
      value={value}
      onChange={onChange}
      min={0.01}
      decimalScale={4}
      prefix="$"
      maw={260}
    />
  );
}
