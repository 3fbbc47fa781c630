// What the copy writer's unit tests share: a product to write about, and a fake OpenAI for the file.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ProductFacts, WriteCopyInput } from '../../src/server/leaves/ai/copy-writer';
import { type FakeOpenAI, startFakeOpenAI } from './fake-openai';

/** A product with every detail filled in and three images, before a prompt is built for it. */
export const OAK_CHAIR_INPUT: WriteCopyInput = {
  model: 'gpt-4o-mini',
  product: {
    title: 'Oslo Oak Dining Chair',
    brand: 'Nordhaus',
    colour: 'Natural oak',
    dimensions: '45 x 52 x 80 cm',
    url: null,
    description: '',
    fact_sheet: 'Material: solid oak\nSeat: linen',
  },
  imageCount: 3,
  settings: { keywords: 'oak dining chair', business_type: 'Scandinavian furniture', tone_of_voice: '' },
};

/**
 * A fake OpenAI on loopback for the whole file, started before its tests and closed after them; each test starts
 * with the default behaviour and no recorded requests.
 */
export function setupFakeOpenAI(): { readonly fake: FakeOpenAI } {
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake!.setBehaviour({});
    fake!.reset();
  });
  return {
    get fake() {
      return fake!;
    },
  };
}

/** The offline writer's unit tests' shop settings. */
export const OFFLINE_SETTINGS = {
  keywords: 'cotton shirts, wool jumpers, garden furniture',
  business_type: 'shop',
  tone_of_voice: 'friendly',
};

/** A built-in-writer request for a product, with OFFLINE_SETTINGS. */
export const offlineInput = (
  product: ProductFacts,
  imageCount = 1,
  extra: Partial<WriteCopyInput> = {},
): WriteCopyInput => ({ model: 'offline', product, imageCount, settings: OFFLINE_SETTINGS, ...extra });
