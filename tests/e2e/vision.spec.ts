// Facts from the photo in the Review panel (decision 044): a workflow that sees writes one product with two
// sample photos; the panel shows each photo as its compressed copy, its alt text and what the model saw, each
// fact with Accept. A description that says a fact only the photo shows is flagged by the copy check, and
// accepting the fact clears the flag.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { callAsUser } from './call-as-user';
import { screenshot, signInNewUser } from './helpers';

const PHOTOS = ['fjord-stoneware-mug-blue.jpg', 'fjord-stoneware-mug-white.jpg'];

test('the Review panel shows each photo, its alt text and its facts; accepting one updates the copy check', async ({
  page,
  request,
}) => {
  await signInNewUser(page, request, 'vision');
  const workflow = await callAsUser(page, 'new-workflow', {
    name: 'Sees the photos',
    model: 'gpt-4o',
    sees_images: true,
    max_images: 2,
  });
  expect(workflow.status).toBe(200);
  const origin = new URL(page.url()).origin;
  const urls = PHOTOS.map((file) => `${origin}/samples/nordic-home/${file}`).join('|');
  const created = await callAsUser(page, 'new-bundle', {
    bundle_name: 'Photos',
    columns: ['title', 'brand', 'image_urls'],
    raw_csv: `Fjord Stoneware Mug,Nordhaus,${urls}`,
    // Two words of a name read as Swedish to the detector; the copy is English.
    language: 'en',
    workflow_id: workflow.data.workflow_id,
  });
  expect(created.status).toBe(200);
  await page.goto(`/view-bundle/${created.data.bundle_id}/${workflow.data.workflow_id}`);
  await expect(page.getByLabel('1 of 1 products done')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: /^Review: / });
  const photos = panel.getByRole('region', { name: 'Photos and what the model saw' });
  await expect(photos.getByRole('group', { name: /^Photo \d$/ })).toHaveCount(2);
  // Each photo is the compressed copy, named by its alt text, which says the colour the model saw.
  const first = photos.getByRole('group', { name: 'Photo 1' });
  const image = first.getByRole('img');
  await expect(image).toHaveAttribute('src', /^blob:/);
  const alt = (await image.getAttribute('alt')) ?? '';
  const fact = first
    .getByRole('list', { name: 'What the model saw in photo 1' })
    .getByRole('listitem')
    .first();
  const [, colour] = /^colour: ([a-z]+)/.exec((await fact.textContent()) ?? '') ?? [];
  expect(colour, 'the first fact is the photo’s colour').toBeTruthy();
  expect(alt).toContain(colour!);
  await expect(first).toContainText(`Alt text: ${alt}`);
  await expect(fact).toContainText('From the photo');
  await expectNoAxeViolations(page, 'vision-01-photos');

  // The reviewer writes the colour into the description: only the photo says it, so the check flags it.
  const description = panel.getByRole('textbox', { name: 'Description', exact: true });
  await description.fill(`${await description.inputValue()} The glaze is ${colour}.`);
  await panel.getByRole('button', { name: 'Save changes' }).click();
  const flagged = panel.getByText(/which only the photo shows \(image 1: colour/);
  await expect(flagged).toBeVisible();
  await screenshot(page, 'vision-02-flagged');

  await first.getByRole('button', { name: `Accept colour: ${colour}` }).click();
  await expect(fact).toContainText('Accepted');
  await expect(flagged).toHaveCount(0);
  await expect(first.getByRole('button', { name: `Take back colour: ${colour}` })).toBeVisible();
  await screenshot(page, 'vision-03-accepted');
  await expectNoAxeViolations(page, 'vision-03-accepted');
});
