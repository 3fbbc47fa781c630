// A text's language only when it is clear. tinyld misreads short product text ("Oak Stool. A small oak stool."
// or "Ocean Blue Shirt" are not English to it, with high confidence: docs/decisions/031), so the function words
// decide first, and the detector is trusted only on a long text it is sure of.
import { detectLanguage } from './detect-language';
import { functionWordLanguage } from './function-words';

// Below these the detector's answer is not trusted.
const MIN_DETECT_LETTERS = 200;
const MIN_DETECT_CONFIDENCE = 0.9;

/** The language and how sure: 1 for function words, the detector's confidence for a long text; else null. */
export function clearLanguage(text: string): { language: string | null; confidence: number } {
  const byWords = functionWordLanguage(text);
  if (byWords) return { language: byWords, confidence: 1 };
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_DETECT_LETTERS) return { language: null, confidence: 0 };
  const detected = detectLanguage(text);
  return detected.confidence >= MIN_DETECT_CONFIDENCE ? detected : { language: null, confidence: 0 };
}

/** A text's language when it is clear, else null. */
export function clearLanguageOf(text: string): string | null {
  return clearLanguage(text).language;
}
