// The review's language switch, for a run whose workflow writes further languages (decision 036): the first
// language is the editable copy; each other one shows that language's copy as it was written, with its own
// check's problems. A labelled radio group (Mantine's SegmentedControl), so a screen reader names it and each
// language in it.
import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { BundleWorkflowProduct, Translation } from '../../common/contract/entities';
import { languageName } from '../../common/languages/detect-language';
import { FIELD_LABELS, TEXT_FIELDS, type TextField } from './copy-fields';
import { SerpPreview } from './serp-preview';

/** The text fields a translation holds, in the registry's order (the URL is the product's own). */
const TRANSLATED_FIELDS = TEXT_FIELDS.filter(
  (field): field is Exclude<TextField, 'url_suggestion'> => field !== 'url_suggestion',
);

/** The value the switch gives the first language's copy (a tag would collide with nothing, but is unknown). */
export const MAIN_COPY = '';

export function LanguageSwitch({
  product,
  mainLanguage,
  value,
  onChange,
}: {
  product: BundleWorkflowProduct;
  mainLanguage: string | null;
  value: string;
  onChange: (language: string) => void;
}) {
  const labelId = useId();
  const languages = Object.keys(product.translations ?? {});
  if (languages.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        Language
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        data={[
          { value: MAIN_COPY, label: mainLanguage ? languageName(mainLanguage) : 'Main copy' },
          ...languages.map((language) => ({ value: language, label: languageName(language) })),
        ]}
      />
    </Stack>
  );
}

/** One further language's copy, read-only: its SERP preview, each field, its alt texts and its problems. */
export function TranslationView({
  product,
  language,
  translation,
}: {
  product: BundleWorkflowProduct;
  language: string;
  translation: Translation;
}) {
  const name = languageName(language);
  return (
    <Stack gap="sm" role="region" aria-label={`Copy in ${name}`} lang={language}>
      {translation.problems.length > 0 && (
        <Alert color="orange" variant="light" title={`Flagged by the copy checks (${name})`}>
          {translation.problems.map((problem) => problem.message).join(' ')}
        </Alert>
      )}
      <SerpPreview
        title={translation.page_title}
        description={translation.meta_description}
        url={product.url_suggestion ?? ''}
        currentUrl={product.product_details.url}
      />
      {TRANSLATED_FIELDS.filter((field) => translation[field]?.trim()).map((field) => (
        <Stack key={field} gap={2}>
          <Text size="sm" fw={600}>
            {FIELD_LABELS[field]}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {translation[field]}
          </Text>
        </Stack>
      ))}
      {translation.alt_texts.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Alt texts
          </Text>
          {/* Alt texts are in image order and never reordered: "Image n" is their identity. */}
          {translation.alt_texts
            .map((alt, index) => `Image ${index + 1}: ${alt}`)
            .map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Each language is written from the product’s own data and checked on its own; edit the main copy and
        regenerate to change it.
      </Text>
    </Stack>
  );
}
