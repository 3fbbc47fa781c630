// The contract's review functions: edit copy, approve, lock fields, and every kept version.
import { z } from 'zod';
import { editableShape, generatedTextShape } from '../../copy-fields/shapes';
import { BUNDLE_LIMITS } from '../constants';
import { bundleWorkflowProductSchema, COPY_FIELDS, REVIEW_STATES } from '../entities';
import { id } from './schema-parts';

export const editableCopyFieldsSchema = z.object(editableShape()).partial();
export type EditableCopyFields = z.infer<typeof editableCopyFieldsSchema>;

export const VERSION_SOURCES = ['generated', 'regenerated', 'edited', 'restored'] as const;

/** A kept version of a product's copy: one per generation, regeneration, edit and restore. */
export const productVersionSchema = z.object({
  id,
  source: z.enum(VERSION_SOURCES),
  created_at: z.string(),
  ...generatedTextShape(z.string().nullable()),
  url_suggestion: z.string().nullable(),
  alt_texts: z.array(z.string()),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

export const reviewFunctions = {
  'update-product-copy': {
    request: z.object({
      bundle_workflow_product_id: id,
      fields: editableCopyFieldsSchema,
      alt_texts: z
        .array(z.object({ bundle_workflow_products_image_id: id, alt_text: z.string().max(2_000) }))
        .max(100)
        .optional(),
      /**
       * The product's updated_at as the editor loaded it: when the product changed since, the save answers
       * 409 conflict and changes nothing. The web always sends it.
       */
      expected_updated_at: z.string().max(40).optional(),
    }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
  'set-product-review': {
    request: z.object({
      bundle_workflow_product_ids: z.array(id).min(1).max(BUNDLE_LIMITS.maxProducts),
      review: z.enum(REVIEW_STATES),
    }),
    response: z.object({ updated: z.number() }),
  },
  'set-locked-fields': {
    request: z.object({
      bundle_workflow_product_ids: z.array(id).min(1).max(BUNDLE_LIMITS.maxProducts),
      fields: z.array(z.enum(COPY_FIELDS)).min(1).max(COPY_FIELDS.length),
      locked: z.boolean(),
    }),
    response: z.object({ updated: z.number() }),
  },
  'view-product-history': {
    request: z.object({ bundle_workflow_product_id: id }),
    /** Newest first. */
    response: z.object({ versions: z.array(productVersionSchema) }),
  },
  'set-photo-fact': {
    request: z.object({
      bundle_workflow_products_image_id: id,
      /** The fact as the image's `photo_facts` names it: `colour`, `red`. */
      name: z.string().trim().min(1).max(40),
      value: z.string().trim().min(1).max(60),
      /** true: checked against the product, so any copy may say it; false: a claim again. */
      accepted: z.boolean(),
    }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
  'restore-product-version': {
    request: z.object({ bundle_workflow_product_id: id, version_id: id }),
    response: z.object({ product: bundleWorkflowProductSchema }),
  },
} as const;
