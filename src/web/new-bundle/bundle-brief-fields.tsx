// What the copy is written for: the bundle's keywords, URL pattern, business and tone, sent as custom fields.
import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NewBundleValues } from './use-new-bundle-form';

const URL_TEMPLATE_EXAMPLE = '/products/{{keywords}}-{{variants}}';

export function BundleBriefFields({ form }: { form: UseFormReturnType<NewBundleValues> }) {
  return (
    <>
      <Textarea
        label="Bundle's Primary Keywords"
        description="The search terms the copy should work in, separated by commas."
        placeholder="scandinavian homeware, wool throws"
        {...form.getInputProps('keywords')}
        autosize
        minRows={1}
      />
      <TextInput
        label="URL Template"
        description={`For example ${URL_TEMPLATE_EXAMPLE}: {{keywords}} is the product's keywords, {{variants}} its colour, size or dimensions.`}
        placeholder={URL_TEMPLATE_EXAMPLE}
        {...form.getInputProps('urlTemplate')}
      />
      <TextInput
        label="Type of Business"
        placeholder="Online homeware shop"
        {...form.getInputProps('businessType')}
      />
      <TextInput
        label="Tone of Voice"
        placeholder="Calm, warm and understated"
        {...form.getInputProps('toneOfVoice')}
      />
    </>
  );
}
