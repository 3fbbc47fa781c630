// The three real WooCommerce stores the global setup starts (real-woo-setup.ts), and what the tests do to them
// without going through the app: read and edit products through the REST API with their own signing
// (tests/support/woo-oauth.ts, not the app's client), put a TLS-terminating proxy in front, and read the product
// page a shopper sees through a minimal theme.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { signOAuth } from '../../support/woo-oauth';

export type RealStoreName = 'none' | 'yoast' | 'rankmath';

/** Ports apart from start.sh's default 8881, so a store someone runs by hand does not collide. */
export const REAL_STORE_SETUPS: Record<RealStoreName, { port: number; httpsHint: '0' | '1' }> = {
  none: { port: 8891, httpsHint: '0' },
  yoast: { port: 8892, httpsHint: '1' },
  rankmath: { port: 8893, httpsHint: '1' },
};

export type RealStore = {
  name: RealStoreName;
  /** http://127.0.0.1:port, the php server itself. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  wooDir: string;
  httpsHint: '0' | '1';
};

export const realStore = (name: RealStoreName): RealStore => inject('realStores')[name];

export type WooMeta = { id: number; key: string; value: unknown };
export type WooItem = {
  id: number;
  slug?: string;
  name?: string;
  type?: string;
  description: string;
  short_description?: string;
  date_modified_gmt: string;
  meta_data: WooMeta[];
  images?: { id: number; alt: string }[];
  variations?: number[];
};

/**
 * One REST call as a client of the store would make it: OAuth 1.0a over plain http (hint 0), else Basic, which
 * the store takes because it believes it is behind TLS (hint 1).
 */
export async function wooRest<T>(
  store: RealStore,
  method: 'GET' | 'POST',
  route: string,
  { query = {}, body }: { query?: Record<string, string | number>; body?: unknown } = {},
): Promise<{ status: number; data: T; headers: Headers }> {
  const url = new URL(`/wp-json/wc/v3${route}`, store.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (store.httpsHint === '0') signOAuth(method, url, store.consumerKey, store.consumerSecret);
  else
    headers.authorization = `Basic ${Buffer.from(`${store.consumerKey}:${store.consumerSecret}`).toString('base64')}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as T, headers: response.headers };
}

/** Every product and variation as stored (context=edit), by id; variations under `parent|id`. */
export async function storedCatalogue(store: RealStore): Promise<Map<string, WooItem>> {
  const items = new Map<string, WooItem>();
  const { data: products } = await wooRest<WooItem[]>(store, 'GET', '/products', {
    query: { per_page: 100, context: 'edit', orderby: 'id', order: 'asc' },
  });
  for (const product of products) {
    items.set(`${product.id}|`, product);
    if (product.type !== 'variable') continue;
    const { data: variations } = await wooRest<WooItem[]>(
      store,
      'GET',
      `/products/${product.id}/variations`,
      {
        query: { per_page: 100, context: 'edit' },
      },
    );
    for (const variation of variations) items.set(`${product.id}|${variation.id}`, variation);
  }
  return items;
}

export const metaOf = (item: WooItem, key: string): string | undefined => {
  const value = item.meta_data.find((meta) => meta.key === key)?.value;
  return typeof value === 'string' ? value : undefined;
};

/** The copy fields a push touches, as a comparable record: texts, SEO-looking meta and alt texts. */
export function copyOf(item: WooItem): Record<string, unknown> {
  return {
    description: item.description,
    short_description: item.short_description,
    slug: item.slug,
    meta: Object.fromEntries(
      item.meta_data
        .filter((meta) => /^(_yoast_wpseo_|rank_math_)/.test(meta.key))
        .map((meta) => [meta.key, meta.value]),
    ),
    alts: item.images?.map((image) => [image.id, image.alt]),
  };
}

/**
 * A minimal classic theme, so that a product page prints what a shopper sees: wp_head() (the SEO plugin's
 * <title> and meta description) and the loop's title and content. The store ships none (its README, "No theme").
 */
export async function installMinimalTheme(store: RealStore): Promise<void> {
  const content = path.join(store.wooDir, 'wp', 'wp-content');
  const theme = path.join(content, 'themes', 'copyloom-minimal');
  await mkdir(theme, { recursive: true });
  await mkdir(path.join(content, 'mu-plugins'), { recursive: true });
  await writeFile(path.join(theme, 'style.css'), '/*\nTheme Name: Copyloom minimal\n*/\n');
  await writeFile(path.join(theme, 'functions.php'), "<?php\nadd_theme_support( 'title-tag' );\n");
  await writeFile(
    path.join(theme, 'index.php'),
    `<!DOCTYPE html>
<html><head><meta charset="utf-8"><?php wp_head(); ?></head><body>
<?php while ( have_posts() ) : the_post(); ?>
<h1 class="copyloom-title"><?php the_title(); ?></h1>
<div class="copyloom-content"><?php the_content(); ?></div>
<?php endwhile; ?>
</body></html>
`,
  );
  await writeFile(
    path.join(content, 'mu-plugins', 'copyloom-minimal-theme.php'),
    `<?php
add_filter( 'template', function () { return 'copyloom-minimal'; } );
add_filter( 'stylesheet', function () { return 'copyloom-minimal'; } );
`,
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#039': "'",
  '#8217': "'",
  '#8216': "'",
  '#8220': '"',
  '#8221': '"',
  '#8211': '-',
  '#8212': '-',
  '#8230': '...',
  '#215': 'x',
  nbsp: ' ',
};

/** Text as a reader sees it, with wptexturize's curly quotes, dashes and × read back as typed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole)
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/×/g, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The product page's <title>, meta description and visible body text. */
export async function productPage(
  store: RealStore,
  slug: string,
): Promise<{ title: string; metaDescription: string | null; body: string }> {
  const response = await fetch(new URL(`/product/${slug}/`, store.url), { redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`/product/${slug}/ answered ${response.status}`);
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  const meta = /<meta name="description" content="([^"]*)"/i.exec(html)?.[1] ?? null;
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '';
  return {
    title: visibleText(title),
    metaDescription: meta === null ? null : visibleText(meta),
    body: visibleText(body),
  };
}
