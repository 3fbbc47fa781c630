// Which products a trial runs on: a small sample that covers the bundle, so a workflow is judged on the kinds
// of product it will write. A variant comes with its parent (its copy is written from the parent's), and the
// sample holds a parent with variants when the bundle has both families and products of their own, the
// shortest and the longest inputs, and one product of each type; the rest is spread over the input lengths.

export type SampleCandidate = { position: number; details: Record<string, string | null> };

/** A parent and its variants (parent first), or a product of its own. */
type Unit = { positions: number[]; kinds: Set<string>; length: number; isFamily: boolean };

const TYPE_KEYS = ['product_type', 'type', 'category', 'product_category'];

/** The product's type as the store names it, else its shape. */
export function kindOf(details: Record<string, string | null>, isFamily: boolean): string {
  for (const key of TYPE_KEYS) {
    const value = details[key]?.trim();
    if (value) return value;
  }
  return isFamily ? 'variant family' : 'single product';
}

/** Characters of the name and body: what the model reads most of. */
export function inputLengthOf(details: Record<string, string | null>): number {
  return (details.product_name ?? '').length + (details.description ?? '').length;
}

function unitsOf(products: readonly SampleCandidate[], parentOf: ReadonlyMap<number, number>): Unit[] {
  const byPosition = new Map(products.map((p) => [p.position, p]));
  const variantsOf = new Map<number, number[]>();
  for (const [variant, parent] of parentOf)
    variantsOf.set(parent, [...(variantsOf.get(parent) ?? []), variant]);
  const units: Unit[] = [];
  for (const product of products) {
    if (parentOf.has(product.position)) continue;
    const variants = (variantsOf.get(product.position) ?? []).sort((a, b) => a - b);
    const isFamily = variants.length > 0;
    const positions = [product.position, ...variants];
    const members = positions.map((position) => byPosition.get(position)!);
    units.push({
      positions,
      kinds: new Set(members.map((member) => kindOf(member.details, isFamily))),
      length: inputLengthOf(product.details),
      isFamily,
    });
  }
  return units;
}

/**
 * The sample's positions, at most `size`, in the bundle's order. A family is cut to fit (parent first); what a
 * cut leaves out is never a parent without which its variants would stand alone.
 */
export function pickSample(
  products: readonly SampleCandidate[],
  parentOf: ReadonlyMap<number, number>,
  size: number,
): number[] {
  const units = unitsOf(products, parentOf);
  const chosen: number[] = [];
  const taken = new Set<Unit>();
  const take = (unit: Unit | undefined) => {
    if (!unit || taken.has(unit) || chosen.length >= size) return;
    // A family needs two places to be one; with one left, a product of its own fits better.
    const room = size - chosen.length;
    if (unit.isFamily && room < 2 && units.some((u) => !u.isFamily && !taken.has(u))) return;
    taken.add(unit);
    chosen.push(...unit.positions.slice(0, room));
  };
  const byLength = [...units].sort((a, b) => a.length - b.length);
  const families = units.filter((unit) => unit.isFamily);
  const singles = units.filter((unit) => !unit.isFamily);
  // A family cut short still shows a parent and its variants: the smallest first, so it leaves room.
  take([...families].sort((a, b) => a.positions.length - b.positions.length)[0]);
  take(singles[0]);
  take(byLength[0]);
  take(byLength[byLength.length - 1]);
  for (const kind of new Set(units.flatMap((unit) => [...unit.kinds]))) {
    if ([...taken].some((unit) => unit.kinds.has(kind))) continue;
    take(units.find((unit) => unit.kinds.has(kind)));
  }
  fillEvenly(byLength, taken, size - chosen.length, take);
  return chosen.sort((a, b) => a - b);
}

/** The rest of the sample, spread evenly over the units not yet taken, shortest to longest. */
function fillEvenly(byLength: Unit[], taken: Set<Unit>, room: number, take: (unit: Unit) => void): void {
  const left = byLength.filter((unit) => !taken.has(unit));
  if (room <= 0 || left.length === 0) return;
  const step = Math.max(1, left.length / room);
  for (let i = 0; i < left.length; i += step) take(left[Math.floor(i)]!);
  for (const unit of left) take(unit);
}
