// What Yoast SEO keeps of an SEO title or meta description written to its post meta: WPSEO_Meta::
// sanitize_post_meta runs WPSEO_Utils::sanitize_text_field (Yoast 22.8, inc/class-wpseo-utils.php) on save, so
// a value written through WooCommerce's REST API reads back changed: line breaks, tabs and runs of spaces
// become one space, tags are stripped, and every percent-encoded octet ("%AB": a `%` and two hex digits, with
// a character other than `%` before it) is removed wherever it occurs. A push compares the store's value with
// this, not with what it sent, so its own write of "50%AB off" is not taken for someone else's edit.

/** wp_pre_kses_less_than: a `<` that opens no tag (no `>` before the next `<` or the end) is escaped. */
function escapeLoneLessThan(text: string): string {
  return text.replace(/<[^>]*?(?=<|>|$)>?/g, (match) =>
    match.includes('>')
      ? match
      : match
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/'/g, '&#039;'),
  );
}

/** wp_strip_all_tags with remove_breaks: script and style with their content, then every tag. */
function stripAllTags(text: string): string {
  return text
    .replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();
}

/** WPSEO_Utils::sanitize_text_field. */
export function yoastSanitizeText(value: string): string {
  let filtered = value.trim();
  filtered = filtered.includes('<')
    ? stripAllTags(escapeLoneLessThan(filtered))
    : filtered.replace(/[\r\n\t ]+/g, ' ').trim();
  let found = false;
  for (
    let match = /[^%](%[a-f0-9]{2})/i.exec(filtered);
    match;
    match = /[^%](%[a-f0-9]{2})/i.exec(filtered)
  ) {
    filtered = filtered.split(match[1]!).join('');
    found = true;
  }
  return found ? filtered.replace(/ +/g, ' ').trim() : filtered;
}

/** What Yoast keeps of a value sent for `field`: its text fields sanitised as above, others as sent. */
export function yoastKeeps(field: string, sent: string): string {
  if (field === 'seo_description') {
    // The meta description is a textarea field: line breaks, tabs and double spaces go first.
    return yoastSanitizeText(sent.replace(/[\n\r\t]| {2}/g, ' '));
  }
  return field === 'seo_title' ? yoastSanitizeText(sent) : sent;
}
