// One editable copy field of the review screen. A field with a limit counts its characters against it and
// flags what breaks it, as the server's check would; a multi-line field grows with its text.
import { Textarea, TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';
import { countCharacters } from '../../common/copy-rules/copy-rules';

export type CopyInputSpec = {
  label: string;
  limit?: { max: number; check: (text: string) => string | null };
  /** Shown under a field that has no limit to count against. */
  hint?: string;
  rows?: { min: number; max?: number };
};

type CopyInputProps = CopyInputSpec & {
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  style?: CSSProperties;
};

export function CopyInput({ label, limit, hint, rows, value, onChange, style }: CopyInputProps) {
  const shared = {
    label,
    value,
    onChange,
    style,
    description: limit ? `${countCharacters(value)} / ${limit.max} characters` : hint,
    error: limit?.check(value),
  };
  return rows ? (
    <Textarea {...shared} autosize minRows={rows.min} maxRows={rows.max} />
  ) : (
    <TextInput {...shared} />
  );
}
