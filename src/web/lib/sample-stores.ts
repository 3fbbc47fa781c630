// Three example stores for the new-bundle pre-fill buttons (SPEC §2). Their images are served by the app
// itself from /samples/{store}/, so a sample bundle works offline and on any host.
import Papa from 'papaparse';
import { IMAGE_URL_SEPARATOR } from '../../common/contract/constants';

/** One product line in the manual column order (SPEC §9); images are file names under the store's folder. */
type SampleProduct = {
  title: string;
  brand: string;
  url: string;
  images: string[];
  dimensions: string;
  colour: string;
  description: string;
  /** The product list's last manual column: its own fact sheet, one "Label: value" per line. */
  facts: string;
};

export type SampleStore = {
  name: string;
  folder: string;
  keywords: string;
  urlTemplate: string;
  businessType: string;
  toneOfVoice: string;
  products: SampleProduct[];
};

const product = (
  title: string,
  brand: string,
  url: string,
  images: string[],
  dimensions: string,
  colour: string,
  description: string,
  facts: string,
): SampleProduct => ({ title, brand, url, images, dimensions, colour, description, facts });

const THROW = 'A soft lambswool throw woven in Norway, with knotted fringes on both ends.';
const THROW_FACTS = 'Material: 100% lambswool\nCare: Dry clean only';
const MUG = 'A hand-glazed stoneware mug with a wide handle. Each glaze pools a little differently.';
const CUSHION = 'A washed linen cushion cover with a hidden zip. Pad not included.';
const LAMP = 'A slim floor lamp with a linen shade and a foot switch. Takes an E27 bulb.';
const BASKET = 'A woven seagrass basket with leather handles, for blankets, toys or firewood.';

const nordicHome: SampleStore = {
  name: 'Nordic Home',
  folder: 'nordic-home',
  keywords: 'scandinavian homeware, nordic interior, wool throws',
  urlTemplate: '/products/{{keywords}}-{{variants}}',
  businessType: 'Online homeware shop',
  toneOfVoice: 'Calm, warm and understated',
  products: [
    product(
      'Oslo Wool Throw',
      'Nordic Home',
      'https://nordichome.example/products/oslo-wool-throw',
      ['oslo-wool-throw-grey.jpg'],
      '130 x 170 cm',
      'Grey',
      THROW,
      THROW_FACTS,
    ),
    product(
      'Oslo Wool Throw',
      'Nordic Home',
      '',
      ['oslo-wool-throw-ochre.jpg'],
      '130 x 170 cm',
      'Ochre',
      THROW,
      THROW_FACTS,
    ),
    product(
      'Oslo Wool Throw',
      'Nordic Home',
      '',
      ['oslo-wool-throw-sage.jpg'],
      '130 x 170 cm',
      'Sage',
      THROW,
      THROW_FACTS,
    ),
    product(
      'Fjord Stoneware Mug',
      'Fjell & Fjord',
      'https://nordichome.example/products/mug-stoneware-fjord',
      ['fjord-stoneware-mug-white.jpg'],
      '350 ml',
      'White',
      MUG,
      'Material: Stoneware\nDishwasher safe: Yes',
    ),
    product(
      'Fjord Stoneware Mug',
      'Fjell & Fjord',
      '',
      ['fjord-stoneware-mug-blue.jpg'],
      '350 ml',
      'Midnight Blue',
      MUG,
      'Material: Stoneware\nDishwasher safe: Yes',
    ),
    product(
      'Linnea Linen Cushion Cover',
      'Nordic Home',
      'https://nordichome.example/products/linnea-cushion',
      ['linnea-linen-cushion-cover-45.jpg'],
      '45 x 45 cm',
      'Natural',
      CUSHION,
      'Material: 100% linen',
    ),
    product(
      'Linnea Linen Cushion Cover',
      'Nordic Home',
      '',
      ['linnea-linen-cushion-cover-50.jpg'],
      '50 x 50 cm',
      'Natural',
      CUSHION,
      'Material: 100% linen',
    ),
    product(
      'Birch Side Table',
      'Nordic Home',
      'https://nordichome.example/products/birch-side-table',
      ['birch-side-table.jpg', 'birch-side-table-top.jpg'],
      '45 x 40 cm',
      'Natural birch',
      'A round side table in solid birch with three tapered legs. Arrives flat-packed.',
      'Material: Solid birch\nAssembly: Required',
    ),
    product(
      'Stavanger Floor Lamp',
      'Lys Studio',
      '',
      ['stavanger-floor-lamp-black.jpg'],
      '150 cm',
      'Black',
      LAMP,
      'Bulb: E27, not included\nCable: 2 m',
    ),
    product(
      'Stavanger Floor Lamp',
      'Lys Studio',
      '',
      ['stavanger-floor-lamp-brass.jpg'],
      '150 cm',
      'Brass',
      LAMP,
      'Bulb: E27, not included\nCable: 2 m',
    ),
    product(
      'Lofoten Storage Basket',
      'Nordic Home',
      'https://nordichome.example/products/basket-lofoten-storage',
      ['lofoten-storage-basket-small.jpg'],
      '25 x 25 cm',
      'Natural',
      BASKET,
      'Material: Seagrass, leather',
    ),
    product(
      'Lofoten Storage Basket',
      'Nordic Home',
      '',
      ['lofoten-storage-basket-large.jpg'],
      '40 x 40 cm',
      'Natural',
      BASKET,
      'Material: Seagrass, leather',
    ),
  ],
};

const JACKET = 'A warm, packable down jacket with a water-repellent shell and an adjustable hood.';
const JACKET_FACTS = 'Fill: 90/10 duck down\nShell: Recycled nylon';
const PACK = 'A 30-litre daypack with a padded hip belt, a rain cover and a sleeve for a water bladder.';
const SHOE = 'A light trail running shoe with a grippy lugged sole and a breathable mesh upper.';
const BASE = 'A fine merino base layer that keeps you warm when wet and does not hold odours.';

const trailheadOutdoor: SampleStore = {
  name: 'Trailhead Outdoor',
  folder: 'trailhead-outdoor',
  keywords: 'hiking gear, outdoor clothing, trekking equipment',
  urlTemplate: '/gear/{{keywords}}-{{variants}}',
  businessType: 'Outdoor and hiking equipment retailer',
  toneOfVoice: 'Practical, confident and adventurous',
  products: [
    product(
      'Summit Down Jacket',
      'Trailhead',
      'https://trailhead.example/gear/summit-down-jacket',
      ['summit-down-jacket-red.jpg'],
      '',
      'Red',
      JACKET,
      JACKET_FACTS,
    ),
    product(
      'Summit Down Jacket',
      'Trailhead',
      '',
      ['summit-down-jacket-navy.jpg'],
      '',
      'Navy',
      JACKET,
      JACKET_FACTS,
    ),
    product(
      'Summit Down Jacket',
      'Trailhead',
      '',
      ['summit-down-jacket-black.jpg'],
      '',
      'Black',
      JACKET,
      JACKET_FACTS,
    ),
    product(
      'Ridge 30L Daypack',
      'Trailhead',
      'https://trailhead.example/gear/daypack-ridge-30l',
      ['ridge-30l-daypack-olive.jpg'],
      '52 x 30 x 20 cm',
      'Olive',
      PACK,
      'Volume: 30 litres\nRain cover: Included',
    ),
    product(
      'Ridge 30L Daypack',
      'Trailhead',
      '',
      ['ridge-30l-daypack-charcoal.jpg'],
      '52 x 30 x 20 cm',
      'Charcoal',
      PACK,
      'Volume: 30 litres\nRain cover: Included',
    ),
    product(
      'Trail Runner Shoe',
      'Kestrel',
      'https://trailhead.example/gear/trail-runner-shoe',
      ['trail-runner-shoe-grey.jpg'],
      'UK 8',
      'Grey',
      SHOE,
      'Drop: 6 mm\nLugs: 4 mm',
    ),
    product(
      'Trail Runner Shoe',
      'Kestrel',
      '',
      ['trail-runner-shoe-grey.jpg'],
      'UK 9',
      'Grey',
      SHOE,
      'Drop: 6 mm\nLugs: 4 mm',
    ),
    product(
      'Trail Runner Shoe',
      'Kestrel',
      '',
      ['trail-runner-shoe-grey.jpg'],
      'UK 10',
      'Grey',
      SHOE,
      'Drop: 6 mm\nLugs: 4 mm',
    ),
    product(
      'Basecamp 2-Person Tent',
      'Trailhead',
      '',
      ['basecamp-2-person-tent.jpg'],
      '210 x 130 x 100 cm',
      'Green',
      'A freestanding two-person tent with two doors, two porches and colour-coded poles.',
      'Sleeps: 2\nPoles: Aluminium',
    ),
    product(
      'Alpine Trekking Poles',
      'Kestrel',
      'https://trailhead.example/gear/alpine-trekking-poles',
      ['alpine-trekking-poles.jpg'],
      '65 to 135 cm',
      'Black',
      'A pair of folding aluminium trekking poles with cork grips and quick-lock adjusters.',
      'Sold as: Pair\nMaterial: Aluminium, cork',
    ),
    product(
      'Merino Base Layer',
      'Trailhead',
      '',
      ['merino-base-layer-charcoal.jpg'],
      'Small',
      'Charcoal',
      BASE,
      'Material: 100% merino wool',
    ),
    product(
      'Merino Base Layer',
      'Trailhead',
      '',
      ['merino-base-layer-charcoal.jpg'],
      'Medium',
      'Charcoal',
      BASE,
      'Material: 100% merino wool',
    ),
  ],
};

const BEANS = 'Whole coffee beans, roasted in small batches each week and packed the day they are roasted.';
const DRIPPER = 'A ceramic cone dripper for one or two cups, with spiral ribs for an even flow.';
const GRINDER = 'A hand coffee grinder with steel conical burrs and a click-stop grind setting.';

const beanAndBloom: SampleStore = {
  name: 'Bean & Bloom Coffee',
  folder: 'bean-and-bloom',
  keywords: 'specialty coffee, fresh roasted coffee beans, pour over coffee',
  urlTemplate: '/shop/{{keywords}}-{{variants}}',
  businessType: 'Specialty coffee roaster and webshop',
  toneOfVoice: 'Friendly, knowledgeable and a little playful',
  products: [
    product(
      'Ethiopia Yirgacheffe Coffee Beans',
      'Bean & Bloom',
      'https://beanandbloom.example/shop/ethiopia-yirgacheffe',
      ['ethiopia-yirgacheffe-coffee-beans.jpg'],
      '250 g',
      '',
      BEANS,
      'Origin: Ethiopia\nNotes: Jasmine, lemon, peach',
    ),
    product(
      'Ethiopia Yirgacheffe Coffee Beans',
      'Bean & Bloom',
      '',
      ['ethiopia-yirgacheffe-coffee-beans.jpg'],
      '1 kg',
      '',
      BEANS,
      'Origin: Ethiopia\nNotes: Jasmine, lemon, peach',
    ),
    product(
      'Colombia Huila Coffee Beans',
      'Bean & Bloom',
      'https://beanandbloom.example/shop/coffee-beans-huila-colombia',
      ['colombia-huila-coffee-beans.jpg'],
      '250 g',
      '',
      BEANS,
      'Origin: Colombia\nNotes: Red apple, caramel',
    ),
    product(
      'Colombia Huila Coffee Beans',
      'Bean & Bloom',
      '',
      ['colombia-huila-coffee-beans.jpg'],
      '1 kg',
      '',
      BEANS,
      'Origin: Colombia\nNotes: Red apple, caramel',
    ),
    product(
      'House Espresso Blend',
      'Bean & Bloom',
      '',
      ['house-espresso-blend.jpg'],
      '250 g',
      '',
      BEANS,
      'Origin: Brazil, Guatemala\nNotes: Cocoa, hazelnut',
    ),
    product(
      'House Espresso Blend',
      'Bean & Bloom',
      '',
      ['house-espresso-blend.jpg'],
      '1 kg',
      '',
      BEANS,
      'Origin: Brazil, Guatemala\nNotes: Cocoa, hazelnut',
    ),
    product(
      'Ceramic Pour-Over Dripper',
      'Bloom Ware',
      'https://beanandbloom.example/shop/pour-over-dripper',
      ['ceramic-pour-over-dripper-white.jpg'],
      '',
      'White',
      DRIPPER,
      'Material: Porcelain\nFilters: Size 02',
    ),
    product(
      'Ceramic Pour-Over Dripper',
      'Bloom Ware',
      '',
      ['ceramic-pour-over-dripper-terracotta.jpg'],
      '',
      'Terracotta',
      DRIPPER,
      'Material: Porcelain\nFilters: Size 02',
    ),
    product(
      'Glass Coffee Server',
      'Bloom Ware',
      '',
      ['glass-coffee-server.jpg'],
      '600 ml',
      'Clear',
      'A heat-resistant borosilicate glass server with a drip-free spout.',
      'Material: Borosilicate glass',
    ),
    product(
      'Hand Coffee Grinder',
      'Bloom Ware',
      'https://beanandbloom.example/shop/hand-coffee-grinder',
      ['hand-coffee-grinder-steel.jpg'],
      '',
      'Steel',
      GRINDER,
      'Burrs: Steel, conical',
    ),
    product(
      'Hand Coffee Grinder',
      'Bloom Ware',
      '',
      ['hand-coffee-grinder-black.jpg'],
      '',
      'Black',
      GRINDER,
      'Burrs: Steel, conical',
    ),
    product(
      'Barista Milk Jug',
      'Bloom Ware',
      '',
      ['barista-milk-jug.jpg'],
      '350 ml',
      'Steel',
      'A stainless steel milk jug with a sharp spout for latte art.',
      'Material: Stainless steel',
    ),
  ],
};

export const SAMPLE_STORES: readonly SampleStore[] = [nordicHome, trailheadOutdoor, beanAndBloom];

/** The store's products as manual product-list text: no header, one product per line (SPEC §2). */
export function sampleProductList(store: SampleStore, origin: string): string {
  const rows = store.products.map((item) => [
    item.title,
    item.brand,
    item.url,
    item.images.map((file) => `${origin}/samples/${store.folder}/${file}`).join(IMAGE_URL_SEPARATOR),
    item.dimensions,
    item.colour,
    item.description,
    item.facts,
  ]);
  return Papa.unparse(rows, { newline: '\n' });
}
