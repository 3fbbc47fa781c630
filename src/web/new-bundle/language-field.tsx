// The catalogue's language on the New bundle screen, before Create: the language the server detects in the
// products (the estimate's answer, which detects it as new-bundle will), named for a person ("French"), how
// sure it is, and whether the products mix languages; and a select to write in another one instead, which
// new-bundle sends as `language`.
import { Select, Stack, Text } from '@mantine/core';
import type { FunctionRequest } from '../../common/contract/functions';
import { languageName } from '../../common/languages/detect-language';
import { useEstimate } from '../ui/cost-estimate';
import { asDetectedLabel, languageStatus } from './language-status';

/** Languages offered besides the detected ones: those with phrasebooks first, then other common store languages. */
const CHOICES = ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'it', 'nl', 'ru', 'pl', 'sv', 'da', 'ja'];

export function LanguageField({
  request,
  value,
  onChange,
}: {
  request: FunctionRequest<'estimate-cost'> | null;
  value: string;
  onChange: (language: string) => void;
}) {
  const { estimate, debounced } = useEstimate(request);
  if (request === null) return null;
  const language = debounced === request ? estimate.data?.language : undefined;
  const detected = language?.language ?? null;
  const found = language?.detected ?? [];
  const tags = [...new Set([...found.map((entry) => entry.language), ...CHOICES])];
  return (
    <Stack gap={4}>
      <Text size="sm" role="status" aria-label="Catalogue language">
        {languageStatus(language)}
      </Text>
      <Select
        label="Write the copy in"
        description="The copy of every field is written in this language."
        data={[
          { value: '', label: asDetectedLabel(detected) },
          ...tags.filter((tag) => tag !== detected).map((tag) => ({ value: tag, label: languageName(tag) })),
        ]}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        allowDeselect={false}
        searchable
      />
    </Stack>
  );
}
