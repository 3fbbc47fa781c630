// WCAG 2.1 contrast (relative luminance of sRGB colours), for checking the theme's colour pairs in a unit test
// and, in the journeys, a focus ring against what it is drawn on.

/** Parses #rgb, #rrggbb or rgb()/rgba() into 0–255 channels and an alpha of 0–1. */
export function parseColor(color: string): { r: number; g: number; b: number; a: number } {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
    return { r: r!, g: g!, b: b!, a: 1 };
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value);
  if (rgb) {
    const parts = rgb[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length >= 3 && parts.every((part) => Number.isFinite(part))) {
      return { r: parts[0]!, g: parts[1]!, b: parts[2]!, a: parts[3] ?? 1 };
    }
  }
  throw new Error(`Not a colour this reads: ${color}`);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const { r, g, b } = parseColor(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** A colour with alpha laid over an opaque background, as the screen shows it. */
export function flatten(color: string, background: string): string {
  const top = parseColor(color);
  const bottom = parseColor(background);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** The contrast ratio of two colours, 1 to 21; a translucent foreground is laid over the background first. */
export function contrastRatio(foreground: string, background: string): number {
  const a = luminance(flatten(foreground, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function toHex({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour moved towards `towards` (black or white) in 2% steps until it reaches `ratio` against every one
 * of `backgrounds`; the colour itself (as hex) when it already does.
 */
export function shiftUntil(
  color: string,
  backgrounds: readonly string[],
  ratio: number,
  towards: string,
): string {
  const from = parseColor(color);
  const to = parseColor(towards);
  for (let step = 0; step <= 50; step += 1) {
    const t = step / 50;
    const candidate = toHex({
      r: from.r + (to.r - from.r) * t,
      g: from.g + (to.g - from.g) * t,
      b: from.b + (to.b - from.b) * t,
    });
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return toHex(to);
}
