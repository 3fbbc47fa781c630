// The facts a model that sees found in a product's photos, kept on each image row (decision 044): each marked
// `from_image`, none accepted until a reviewer says so. A new answer replaces a shown photo's facts, and a fact
// it says again keeps the acceptance it had, so regenerating does not undo a reviewer's work.
import { asc, eq, sql } from 'drizzle-orm';
import type { PhotoFact } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { bundleWorkflowProductImages } from '../../db/schema';
import type { PhotoSet, SeenFact, WriteCopyResult } from '../../leaves/ai/copy-writer';
import type { PhotoFacts } from './photo-fact-problems';

/** The product's photos that have facts, in image order. */
export async function storedPhotoFacts(
  db: Queryable,
  bundleWorkflowProductId: number,
): Promise<PhotoFacts[]> {
  const rows = await db
    .select({ position: bundleWorkflowProductImages.position, facts: bundleWorkflowProductImages.photoFacts })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.bundleWorkflowProductId, bundleWorkflowProductId))
    .orderBy(asc(bundleWorkflowProductImages.position));
  return rows.filter((row) => row.facts.length > 0);
}

const sameFact = (a: { name: string; value: string }, b: { name: string; value: string }) =>
  a.name.toLowerCase() === b.name.toLowerCase() && a.value.toLowerCase() === b.value.toLowerCase();

/**
 * The facts after an answer: each photo shown to the model takes the facts it saw there (an earlier acceptance
 * of the same fact kept); a photo not shown keeps its own.
 */
export function mergeSeenFacts(
  stored: readonly PhotoFacts[],
  seen: readonly SeenFact[],
  shown: readonly number[],
): PhotoFacts[] {
  const positions = [...new Set([...stored.map((photo) => photo.position), ...shown])].sort((a, b) => a - b);
  return positions
    .map((position) => {
      const before = stored.find((photo) => photo.position === position)?.facts ?? [];
      if (!shown.includes(position)) return { position, facts: before };
      const facts = seen
        .filter((fact) => fact.position === position)
        .map(
          (fact): PhotoFact => ({
            name: fact.name,
            value: fact.value,
            from_image: true,
            accepted: before.some((earlier) => earlier.accepted && sameFact(earlier, fact)),
          }),
        );
      return { position, facts };
    })
    .filter((photo) => photo.facts.length > 0 || shown.includes(photo.position));
}

/** The facts after a product's first answer: those of the photos it carried, the stored ones of the others. */
export function photoFactsAfter(
  stored: readonly PhotoFacts[],
  answer: WriteCopyResult,
  photos: PhotoSet | undefined,
): PhotoFacts[] {
  const shown = answer.seenFacts ? (photos?.photos ?? []).map((photo) => photo.position) : [];
  return mergeSeenFacts(stored, answer.seenFacts ?? [], shown);
}

/** Writes each photo's facts on its image row, in one statement. */
export async function savePhotoFacts(
  db: Queryable,
  bundleWorkflowProductId: number,
  photos: readonly PhotoFacts[],
): Promise<void> {
  if (photos.length === 0) return;
  await db.execute(sql`
    update bundle_workflow_product_images i set photo_facts = f.facts
    from jsonb_to_recordset(${JSON.stringify(photos)}::jsonb) as f(position int, facts jsonb)
    where i.bundle_workflow_product_id = ${bundleWorkflowProductId} and i.position = f.position`);
}

/**
 * Marks one fact of one photo accepted (or not): the reviewer checked it against the product. Answers false
 * when the photo has no such fact. The caller has scoped the product to its owner.
 */
export async function setPhotoFactAccepted(
  db: Queryable,
  imageId: number,
  fact: { name: string; value: string },
  accepted: boolean,
): Promise<boolean> {
  const [row] = await db
    .select({ facts: bundleWorkflowProductImages.photoFacts })
    .from(bundleWorkflowProductImages)
    .where(eq(bundleWorkflowProductImages.id, imageId));
  if (!row?.facts.some((known) => sameFact(known, fact))) return false;
  const facts = row.facts.map((known) => (sameFact(known, fact) ? { ...known, accepted } : known));
  await db
    .update(bundleWorkflowProductImages)
    .set({ photoFacts: facts })
    .where(eq(bundleWorkflowProductImages.id, imageId));
  return true;
}
