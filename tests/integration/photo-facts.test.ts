// Facts from the photo (decision 044): a model that sees lists what it saw in each photo; the fake reads them
// from the decoded pixels. They are kept on each image, marked from_image and not accepted. A description that
// says one is caught by the copy check until a reviewer accepts it with set-photo-fact; a variant named "Red"
// whose photo shows blue is flagged for the reviewer.
import { afterAll, describe, expect, it } from 'vitest';
import { servePhoto } from '../support/coloured-photos';
import { startImageServer } from '../support/image-server';
import { setupFakeOpenAIApp, waitForRun } from '../support/pipeline';
import { callFunction, createTestUser } from '../support/test-app';

const images = await startImageServer();
afterAll(() => images.close());

const t = setupFakeOpenAIApp(
  { apiKey: 'sk-facts', endpoint: { images: 'see' } },
  { workerConcurrency: 2, env: { ALLOW_PRIVATE_IMAGE_HOSTS: images.hostPort } },
);

async function seeingWorkflow(name: string) {
  const workflow = await t.call('new-workflow', { name, model: 'gpt-4o', sees_images: true, max_images: 3 });
  expect(workflow.status, JSON.stringify(workflow.data)).toBe(200);
  return workflow.data.workflow_id as number;
}

async function run(bundle: Record<string, unknown>, workflowId: number) {
  const created = await t.call('new-bundle', { bundle_name: 'Photos', ...bundle, workflow_id: workflowId });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const view = await waitForRun(t.app, t.user.token, created.data.bundle_id, workflowId);
  return [...view.products].sort((a, b) => a.product_id - b.product_id);
}

const codesOf = (product: { problems: Array<{ code: string }> | null }) =>
  (product.problems ?? []).map((problem) => problem.code);

describe('facts from the photo', () => {
  it('keeps what the model saw in each photo, unaccepted; a description saying one passes only once accepted', async () => {
    const workflowId = await seeingWorkflow('facts');
    const red = await servePhoto(images, '/facts/lamp-red.png', 'red');
    const blue = await servePhoto(images, '/facts/lamp-blue.png', 'blue', true);
    const [lamp] = await run(
      { columns: ['title', 'brand', 'image_urls'], raw_csv: `Arc Table Lamp,Lumo,${red}|${blue}` },
      workflowId,
    );
    expect(lamp!.status).toBe('done');
    const photos = lamp!.image_details ?? [];
    expect(photos.map((photo) => photo.photo_facts)).toEqual([
      [{ name: 'colour', value: 'red', from_image: true, accepted: false }],
      [
        { name: 'colour', value: 'blue', from_image: true, accepted: false },
        { name: 'background', value: 'white', from_image: true, accepted: false },
      ],
    ]);
    // The copy as written says no photo fact outside its alt texts.
    expect(codesOf(lamp!)).not.toContain('photo_fact');

    const edited = await t.call('update-product-copy', {
      bundle_workflow_product_id: lamp!.id,
      fields: { description: `${lamp!.description} Its shade is a deep red.` },
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    const caught = (edited.data.product.problems ?? []).filter((p) => p.code === 'photo_fact');
    expect(caught.map((p) => p.field)).toEqual(['description']);
    expect(caught[0]?.message).toContain('"red"');
    expect(caught[0]?.message).toContain('only the photo shows (image 1: colour red)');

    const accept = (accepted: boolean, value = 'red') =>
      t.call('set-photo-fact', {
        bundle_workflow_products_image_id: photos[0]!.bundle_workflow_products_image_id,
        name: 'colour',
        value,
        accepted,
      });
    const accepted = await accept(true);
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(200);
    expect(codesOf(accepted.data.product)).not.toContain('photo_fact');
    expect(accepted.data.product.image_details?.[0]?.photo_facts?.[0]?.accepted).toBe(true);

    const takenBack = await accept(false);
    expect(codesOf(takenBack.data.product)).toContain('photo_fact');

    const unknown = await accept(true, 'green');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toContain('name: image 1 has no photo fact "colour: green"');
    const missing = await t.call('set-photo-fact', {
      bundle_workflow_products_image_id: 999_999,
      name: 'colour',
      value: 'red',
      accepted: true,
    });
    expect(missing.status).toBe(404);
    // Another user's image reads as a missing one, and its fact stays as it was.
    const other = await createTestUser(t.app);
    const theirs = await callFunction(
      t.app,
      'set-photo-fact',
      {
        bundle_workflow_products_image_id: photos[0]!.bundle_workflow_products_image_id,
        name: 'colour',
        value: 'red',
        accepted: true,
      },
      other.token,
    );
    expect(theirs.status).toBe(404);
    expect(codesOf((await accept(false)).data.product)).toContain('photo_fact');
  }, 90_000);

  it('flags a variant named "Red" whose photo shows blue, naming the variant and both colours', async () => {
    const workflowId = await seeingWorkflow('variants');
    const blue = await servePhoto(images, '/facts/mug-blue.png', 'blue');
    const alsoBlue = await servePhoto(images, '/facts/mug-red-wrong.png', 'blue');
    const header =
      'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Variant Image';
    const text = [
      header,
      `stone-mug,Stone Mug,<p>A stoneware mug.</p>,Forma,Mugs,,TRUE,Color,Blue,SM-B,12.00,${blue},${blue}`,
      `stone-mug,,,,,,,,Red,SM-R,12.00,,${alsoBlue}`,
    ].join('\n');
    const products = await run({ store_export: { format: 'shopify', text } }, workflowId);
    expect(products.map((p) => p.error ?? p.status)).toEqual(['done', 'done']);
    const redVariant = products.find(
      (p) => p.is_multiple_of && /SM-R/.test(JSON.stringify(p.product_details)),
    );
    expect(redVariant, 'the Red variant').toBeDefined();
    const flags = (redVariant!.problems ?? []).filter((p) => p.code === 'photo_contradiction');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.message).toMatch(/variant "Red".*shows blue, not red/);
    const parent = products.find((p) => !p.is_multiple_of)!;
    expect(codesOf(parent)).not.toContain('photo_contradiction');
  }, 90_000);
});
