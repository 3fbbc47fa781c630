// The Review panel's editor of the questions and answers: each pair a question and its answer, with a button
// that removes it, and one that adds a pair. It edits the field's text (the JSON of the pairs, qa-pairs.ts), so
// the draft, the save, the comparison and the history treat it as every other text field.
import { Button, Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { type QaPair, qaPairsText, readQaPairs } from '../../common/copy-fields/qa-pairs';

export function QaEditor({
  label,
  value,
  limits,
  onChange,
}: {
  label: string;
  value: string;
  limits: { min: number; max: number };
  onChange: (value: string) => void;
}) {
  const pairs = readQaPairs(value);
  const write = (next: QaPair[]) => onChange(qaPairsText(next));
  const edit = (index: number, part: keyof QaPair, text: string) =>
    write(pairs.map((pair, at) => (at === index ? { ...pair, [part]: text } : pair)));
  return (
    <Fieldset legend={label} variant="unstyled">
      <Stack gap="sm">
        {pairs.map((pair, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pair has no id; its place is what the labels name.
          <Stack key={index} gap={4}>
            <TextInput
              label={`Question ${index + 1}`}
              value={pair.question}
              onChange={(event) => edit(index, 'question', event.currentTarget.value)}
            />
            <Textarea
              label={`Answer ${index + 1}`}
              autosize
              minRows={1}
              maxRows={6}
              value={pair.answer}
              onChange={(event) => edit(index, 'answer', event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove question ${index + 1}`}
                onClick={() => write(pairs.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        ))}
        <Group gap="sm">
          <Button
            size="compact-sm"
            variant="light"
            disabled={pairs.length >= limits.max}
            onClick={() => write([...pairs, { question: '', answer: '' }])}
          >
            Add a question
          </Button>
          <span style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
            {pairs.length} of {limits.min}–{limits.max} questions
          </span>
        </Group>
      </Stack>
    </Fieldset>
  );
}
