// WooCommerce answers a variation's description formatted for display, context=edit or not: the v3 variations
// controller returns wc_format_content( get_description() ), which runs the woocommerce_short_description
// filters (wpautop, wptexturize, convert_chars). The text as stored cannot be read in bulk, so a variation's
// description we wrote reads back with <p> and newlines added and quotes curled. It still holds our text when
// it shows the same words: that is what a push's checks compare for it.
import { decodeHTML } from 'entities';

/** The text a shopper reads, with wptexturize's quotes, dashes and × read back as typed. */
function shownText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/[‘’′]/g, "'")
    .replace(/[“”″]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/×/g, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

export const sameShownText = (formatted: string, raw: string) => shownText(formatted) === shownText(raw);
