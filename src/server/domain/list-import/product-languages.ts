// Which products of a list have their language detected while the list is read: an even sample of at most
// DETECTION_SAMPLE (every product of a shorter list), enough to decide the bundle's language in the import's
// transaction. tinyld takes about 0.1 ms a product, so a 50,000-product import spends some 20 ms on it, not
// seconds, and a list parsed on the event loop does not hold it long; the rest are detected in slices when
// the run's rows are written (fillRun), before any copy is.
import { productLanguage } from '../../leaves/catalogue-language/catalogue-language';

/** The part of a ParsedProduct detection reads and writes (its own type here: the parser imports this). */
type DetectedProduct = {
  position: number;
  details: Record<string, string | null>;
  language?: string | null;
  languageConfidence?: number;
};

/** Products detected while a list is read: enough for a catalogue's language, about 20 ms of tinyld. */
export const DETECTION_SAMPLE = 200;

/** Detects the language of `product` if it is one a list of `total` products detects on import. */
export function languageDetector(total: number): (product: DetectedProduct) => void {
  const stride = Math.max(1, Math.ceil(total / DETECTION_SAMPLE));
  return (product) => {
    if (product.position % stride === 0) detectProductLanguage(product);
  };
}

/** Writes the product's language and confidence beside its details. */
export function detectProductLanguage(product: DetectedProduct): void {
  const found = productLanguage(product.details.product_name, product.details.description);
  product.language = found.language;
  product.languageConfidence = found.languageConfidence;
}
