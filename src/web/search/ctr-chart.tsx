// A small bar chart: CTR before and after, one pair of bars per product group. Plain SVG, no chart library.
import { Group, Text } from '@mantine/core';
import { formatPercent } from './search-format';

export type ChartGroup = { label: string; before: number | null; after: number | null; products: number };

const WIDTH = 460;
const HEIGHT = 160;
const BAR = 34;
const GAP = 60;
const COLOURS = { before: '#adb5bd', after: '#228be6' };

export function CtrChart({ groups }: { groups: readonly ChartGroup[] }) {
  const shown = groups.filter((g) => g.products > 0);
  const top = Math.max(0.0001, ...shown.flatMap((g) => [g.before ?? 0, g.after ?? 0]));
  const description = shown
    .map((g) => `${g.label}: ${formatPercent(g.before)} before, ${formatPercent(g.after)} after`)
    .join('; ');
  const barHeight = (value: number | null) => ((value ?? 0) / top) * (HEIGHT - 40);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`CTR before and after by group. ${description}`}
      >
        {shown.map((g, i) => {
          const x = 10 + i * (2 * BAR + GAP);
          return (
            <g key={g.label}>
              {(['before', 'after'] as const).map((side, j) => {
                const h = barHeight(g[side]);
                return (
                  <g key={side}>
                    <rect
                      x={x + j * BAR}
                      y={HEIGHT - 24 - h}
                      width={BAR - 4}
                      height={h}
                      fill={COLOURS[side]}
                    />
                    <text
                      x={x + j * BAR + (BAR - 4) / 2}
                      y={HEIGHT - 28 - h}
                      fontSize="10"
                      textAnchor="middle"
                    >
                      {formatPercent(g[side], 1)}
                    </text>
                  </g>
                );
              })}
              <text x={x + BAR} y={HEIGHT - 8} fontSize="10" textAnchor="middle">
                {`${g.label} (n=${g.products})`}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md">
        <Text size="xs">
          <span style={{ color: COLOURS.before }}>■</span> before
        </Text>
        <Text size="xs">
          <span style={{ color: COLOURS.after }}>■</span> after
        </Text>
      </Group>
    </figure>
  );
}
