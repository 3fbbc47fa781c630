// The product as a Google result: title in Arial 20px and description in Arial 14px, cut where Google cuts,
// with character counts and estimated pixel widths against 600 px and 920 px (SEO_LIMITS).
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { countCharacters, SEO_LIMITS } from '../../common/copy-rules/copy-rules';
import {
  estimateDescriptionWidth,
  estimateTitleWidth,
  SERP_DESCRIPTION_FONT_PX,
  SERP_TITLE_FONT_PX,
  truncateDescription,
  truncateTitle,
} from '../../common/copy-rules/serp-width';

type SerpPreviewProps = { title: string; description: string; url: string; currentUrl?: string | null };

function displayUrl(path: string, currentUrl?: string | null): string {
  let host = 'your-store.example';
  try {
    if (currentUrl) host = new URL(currentUrl).host;
  } catch {
    // A relative or malformed current URL: keep the placeholder host.
  }
  const segments = path.split(/[/?#]/).filter(Boolean);
  return [host, ...segments].join(' › ');
}

// Google cuts each part of a result by its width, so each is measured both in characters and in pixels.
const MEASURED_PARTS = {
  Title: {
    maxCharacters: SEO_LIMITS.pageTitleMax,
    maxPx: SEO_LIMITS.pageTitlePixels,
    estimateWidth: estimateTitleWidth,
  },
  Description: {
    maxCharacters: SEO_LIMITS.metaDescriptionMax,
    maxPx: SEO_LIMITS.metaDescriptionPixels,
    estimateWidth: estimateDescriptionWidth,
  },
};

function Measure({ label, text }: { label: keyof typeof MEASURED_PARTS; text: string }) {
  const { maxCharacters, maxPx, estimateWidth } = MEASURED_PARTS[label];
  const characters = countCharacters(text);
  const px = estimateWidth(text);
  const isOver = characters > maxCharacters || px > maxPx;
  return (
    <Text size="xs" c={isOver ? 'red' : 'dimmed'} fw={isOver ? 600 : undefined}>
      {label}: {characters} / {maxCharacters} characters · about {Math.round(px)} / {maxPx} px
    </Text>
  );
}

export function SerpPreview({ title, description, url, currentUrl }: SerpPreviewProps) {
  return (
    <Stack gap={6}>
      <Paper withBorder p="md" w="100%" maw={652} aria-label="Search result preview" role="figure">
        <Box maw={600} style={{ fontFamily: 'Arial, sans-serif' }}>
          <Text size="sm" c="#202124" style={{ fontFamily: 'inherit' }} truncate>
            {displayUrl(url, currentUrl)}
          </Text>
          <Text
            style={{ fontFamily: 'inherit', fontSize: SERP_TITLE_FONT_PX, lineHeight: '26px' }}
            c="#1a0dab"
          >
            {title ? truncateTitle(title) : 'No page title yet'}
          </Text>
          <Text
            style={{ fontFamily: 'inherit', fontSize: SERP_DESCRIPTION_FONT_PX, lineHeight: '22px' }}
            c="#4d5156"
          >
            {description ? truncateDescription(description) : 'No meta description yet'}
          </Text>
        </Box>
      </Paper>
      <Group gap="lg">
        <Measure label="Title" text={title} />
        <Measure label="Description" text={description} />
      </Group>
    </Stack>
  );
}
