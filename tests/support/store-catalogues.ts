// Catalogues for the store fakes: a Shopify jewellery store with Ring size × Color variants,
// variant images and image alt texts, and a WooCommerce clothing store with a variable product, Yoast SEO meta
// and image ids; each with enough simple products to need more than one page. Fresh objects on every call,
// since the fakes change what they are given.
import type { FakeShopifyProduct } from './fake-shopify';
import type { FakeWooProduct } from './fake-woocommerce';

const IMAGE_HOST = 'https://cdn.example.com/images';

export function shopifyCatalogue(extraProducts = 11): FakeShopifyProduct[] {
  const ring: FakeShopifyProduct = {
    id: 7001,
    handle: 'aurora-ring',
    title: 'Aurora Ring',
    descriptionHtml: '<p>A slim band in <strong>sterling silver</strong> with a brushed finish.</p>',
    vendor: 'Lumen Jewellery',
    productType: 'Rings',
    tags: ['rings', 'silver'],
    status: 'ACTIVE',
    updatedAt: '2026-10-01T09:00:00Z',
    seo: { title: 'Aurora Ring | Lumen', description: 'The Aurora ring in sterling silver.' },
    options: [
      { name: 'Ring size', values: ['6', '7'] },
      { name: 'Color', values: ['Silver', 'Gold'] },
    ],
    variants: [],
    media: [
      { id: 9101, url: `${IMAGE_HOST}/aurora-silver.jpg`, alt: 'Aurora ring in silver' },
      { id: 9102, url: `${IMAGE_HOST}/aurora-gold.jpg`, alt: '' },
      { id: 9103, url: `${IMAGE_HOST}/aurora-box.jpg`, alt: 'Aurora ring in its box' },
    ],
  };
  let variantId = 8001;
  for (const size of ['6', '7']) {
    for (const color of ['Silver', 'Gold']) {
      ring.variants.push({
        id: variantId++,
        title: `${size} / ${color}`,
        sku: `AUR-${size}-${color.slice(0, 2).toUpperCase()}`,
        barcode: `05012345${variantId}`,
        price: color === 'Gold' ? '89.00' : '69.00',
        selectedOptions: [
          { name: 'Ring size', value: size },
          { name: 'Color', value: color },
        ],
        mediaId: color === 'Silver' ? 9101 : 9102,
      });
    }
  }
  const simple = (n: number): FakeShopifyProduct => ({
    id: 7100 + n,
    handle: `linen-tote-${n}`,
    title: `Linen Tote No. ${n}`,
    descriptionHtml: `<p>A tote bag of washed linen, ${30 + n} cm wide.</p>`,
    vendor: 'Lumen Jewellery',
    productType: 'Bags',
    tags: [],
    status: 'ACTIVE',
    updatedAt: '2026-10-02T10:00:00Z',
    seo: { title: null, description: null },
    options: [{ name: 'Title', values: ['Default Title'] }],
    variants: [
      {
        id: 8100 + n,
        title: 'Default Title',
        sku: `TOTE-${n}`,
        barcode: '',
        price: '25.00',
        selectedOptions: [{ name: 'Title', value: 'Default Title' }],
      },
    ],
    media: [{ id: 9200 + n, url: `${IMAGE_HOST}/tote-${n}.jpg`, alt: '' }],
  });
  return [ring, ...Array.from({ length: extraProducts }, (_, n) => simple(n + 1))];
}

const yoast = (title: string, description: string) => [
  { id: 1, key: '_yoast_wpseo_title', value: title },
  { id: 2, key: '_yoast_wpseo_metadesc', value: description },
  { id: 3, key: '_wp_page_template', value: 'default' },
];

export function wooCommerceCatalogue(extraProducts = 101): FakeWooProduct[] {
  const tee: FakeWooProduct = {
    id: 44,
    name: 'V-Neck T-Shirt',
    slug: 'v-neck-t-shirt',
    type: 'variable',
    status: 'publish',
    sku: 'woo-vneck-tee',
    regular_price: '',
    sale_price: '',
    description: '<p>A soft cotton t-shirt with a v-neck.</p>',
    short_description: '<p>Cotton v-neck tee.</p>',
    global_unique_id: '',
    stock_status: 'instock',
    date_modified_gmt: '2026-10-03T08:00:00',
    categories: [{ id: 16, name: 'Tshirts', slug: 'tshirts' }],
    tags: [],
    brands: [{ id: 3, name: 'Woo', slug: 'woo' }],
    images: [
      { id: 501, src: `${IMAGE_HOST}/vneck-blue.jpg`, name: 'vneck-blue', alt: 'Blue v-neck t-shirt' },
      { id: 502, src: `${IMAGE_HOST}/vneck-red.jpg`, name: 'vneck-red', alt: '' },
    ],
    attributes: [
      { id: 1, name: 'Color', position: 0, visible: true, variation: true, options: ['Blue', 'Red'] },
    ],
    meta_data: yoast('V-Neck T-Shirt | Woo', 'Our soft cotton v-neck t-shirt.'),
    variations: [
      {
        id: 61,
        sku: 'woo-vneck-tee-blue',
        regular_price: '20',
        sale_price: '',
        description: '',
        global_unique_id: '4006381333931',
        stock_status: 'instock',
        date_modified_gmt: '2026-10-03T08:00:00',
        attributes: [{ id: 1, name: 'Color', option: 'Blue' }],
        image: {
          id: 501,
          src: `${IMAGE_HOST}/vneck-blue.jpg`,
          name: 'vneck-blue',
          alt: 'Blue v-neck t-shirt',
        },
        meta_data: [],
      },
      {
        id: 62,
        sku: 'woo-vneck-tee-red',
        regular_price: '20',
        sale_price: '18',
        description: '',
        global_unique_id: '',
        stock_status: 'instock',
        date_modified_gmt: '2026-10-03T08:00:00',
        attributes: [{ id: 1, name: 'Color', option: 'Red' }],
        image: { id: 502, src: `${IMAGE_HOST}/vneck-red.jpg`, name: 'vneck-red', alt: '' },
        meta_data: [],
      },
    ],
  };
  const simple = (n: number): FakeWooProduct => ({
    id: 1000 + n,
    name: `Beanie No. ${n}`,
    slug: `beanie-${n}`,
    type: 'simple',
    status: 'publish',
    sku: `woo-beanie-${n}`,
    regular_price: '18',
    sale_price: '',
    description: `<p>A knitted wool beanie, pattern ${n}.</p>`,
    short_description: '',
    global_unique_id: '',
    stock_status: 'instock',
    date_modified_gmt: '2026-10-04T08:00:00',
    categories: [{ id: 18, name: 'Accessories', slug: 'accessories' }],
    tags: [],
    brands: [],
    images: [{ id: 600 + n, src: `${IMAGE_HOST}/beanie-${n}.jpg`, name: `beanie-${n}`, alt: '' }],
    attributes: [],
    meta_data: yoast('', ''),
    variations: [],
  });
  return [tee, ...Array.from({ length: extraProducts }, (_, n) => simple(n + 1))];
}
