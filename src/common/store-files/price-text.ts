// A price cell as a store or a pasted list writes it: an amount, with or without its currency, which may be an
// ISO 4217 code ("12.90 EUR", "EUR 12,90") or a symbol that names one currency only ("€12.90", "12,90 €",
// "£5", "R$ 30"). "$", "¥" and "kr" name several currencies each, so they give the amount but no currency.
import { isCurrencyCode } from '../contract/functions/schema-parts';

// Digits with a dot or a comma for the decimals, nothing else (no thousands separator: it would be ambiguous).
const AMOUNT = /^\d+(?:[.,]\d{1,4})?$/;

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₴': 'UAH',
  '₫': 'VND',
  '₪': 'ILS',
  '฿': 'THB',
  '₱': 'PHP',
  zł: 'PLN',
  kč: 'CZK',
  r$: 'BRL',
  us$: 'USD',
  ca$: 'CAD',
  c$: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  nz$: 'NZD',
  hk$: 'HKD',
  s$: 'SGD',
  mx$: 'MXN',
};
// Symbols that stand for more than one currency: the amount is read, the currency stays unknown.
const AMBIGUOUS = new Set(['$', '¥', 'kr', 'kr.']);

export type PriceText = { amount: string; currency?: string };

/** The amount (with a dot for the decimals) and, where the text names it, the currency; undefined otherwise. */
export function readPriceText(text: string): PriceText | undefined {
  const trimmed = text.trim();
  const match = /^([^\d\s]*)\s*(\d[\d.,]*)\s*([^\d\s]*)$/u.exec(trimmed);
  if (!match || !AMOUNT.test(match[2]!)) return undefined;
  const amount = match[2]!.replace(',', '.');
  const marks = [match[1]!, match[3]!].filter(Boolean);
  if (marks.length === 0) return { amount };
  if (marks.length > 1) return undefined;
  const mark = marks[0]!;
  if (/^[A-Z]{3}$/.test(mark) && isCurrencyCode(mark)) return { amount, currency: mark };
  const symbol = SYMBOLS[mark.toLowerCase()];
  if (symbol) return { amount, currency: symbol };
  return AMBIGUOUS.has(mark.toLowerCase()) ? { amount } : undefined;
}
