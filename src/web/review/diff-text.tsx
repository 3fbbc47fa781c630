// A word diff shown inline: removed words struck through in red, added words underlined in green.
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { wordDiff } from './word-diff';

// The theme's light colours (theme.ts holds their text at 4.5:1 or more), not fixed shades.
const REMOVED = {
  color: 'var(--mantine-color-red-light-color)',
  background: 'var(--mantine-color-red-light)',
};
const ADDED = {
  color: 'var(--mantine-color-green-light-color)',
  background: 'var(--mantine-color-green-light)',
};

export function DiffText({ before, after, label }: { before: string; after: string; label?: string }) {
  const parts = useMemo(() => {
    // Each part is keyed by where it starts in the diff, which is stable for these two texts.
    let offset = 0;
    return wordDiff(before, after).map((part) => {
      const key = `${part.kind}-${offset}`;
      offset += part.text.length;
      return { ...part, key };
    });
  }, [before, after]);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label={label}>
      {parts.length === 0 && (
        <Text span c="dimmed" size="sm">
          (empty)
        </Text>
      )}
      {parts.map((part) =>
        part.kind === 'same' ? (
          <span key={part.key}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={part.key} style={REMOVED}>
            {part.text}
          </del>
        ) : (
          <ins key={part.key} style={ADDED}>
            {part.text}
          </ins>
        ),
      )}
    </Text>
  );
}
