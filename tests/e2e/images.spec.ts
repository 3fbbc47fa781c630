// Product images journey: a sample-store bundle → Compress Images → Compressed → Export as ZIP,
// and the downloaded images.zip holds one valid JPEG per sample image, named by its URL.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { SAMPLE_STORES } from '../../src/web/lib/sample-stores';
import { expectNoAxeViolations } from './axe';
import { chooseWorkflow, OFFLINE_WRITER, screenshot, signInNewUser } from './helpers';

const STORE = SAMPLE_STORES.find((store) => store.name === 'Nordic Home')!;
// The sample images are already .jpg files with distinct names, so each keeps its own name in the ZIP.
const EXPECTED_NAMES = STORE.products.flatMap((product) => product.images).sort();

test('a sample-store bundle → Compress Images → Compressed → Export as ZIP of valid JPEGs', async ({
  page,
  request,
}) => {
  // Compression waits on the 5-second poll, after the bundle itself has been written.
  test.setTimeout(120_000);
  await signInNewUser(page, request, 'images');

  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: `Sample: ${STORE.name}` }).click();
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/view-bundle\/\d+\/4$/);

  // Once every product is written the run stops polling; compressing must start it again.
  await expect(page.getByLabel(/^(\d+) of \1 products done$/)).toBeVisible({ timeout: 60_000 });

  const section = page.getByRole('region', { name: 'Compress Product Images' });
  await expect(section.getByRole('heading', { name: 'Compress Product Images' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(EXPECTED_NAMES.length);
  const exportZip = section.getByRole('button', { name: 'Export as ZIP' });
  await expect(exportZip).toBeDisabled();

  // Hold the request, to see SPEC §4's "compressing ... once the user has clicked" before the run shows it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/functions/v1/compress-images', async (route) => {
    await held;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Compress Images' }).click();
  await expect(section.getByRole('button', { name: 'Compressing...' })).toBeDisabled();
  await expect(exportZip).toBeDisabled();
  release();
  await expect(section.getByRole('button', { name: 'Compressed' })).toBeDisabled({ timeout: 60_000 });
  await expect(section.getByRole('button', { name: 'Compress Images' })).toHaveCount(0);
  await expect(section.getByRole('region', { name: 'Images that could not be compressed' })).toHaveCount(0);
  // Every tile shows its saving, which may honestly be negative for an already small JPEG.
  await expect(section.getByText(/^\d+% (smaller|larger)$|^Same size$|^Already optimal$/)).toHaveCount(
    EXPECTED_NAMES.length,
  );
  await expect(exportZip).toBeEnabled();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'images-01-compressed');
  await expectNoAxeViolations(page, 'images-01-compressed');

  const downloadPromise = page.waitForEvent('download');
  await exportZip.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('images.zip');
  await expect(exportZip).toHaveText('Export as ZIP');
  await expect(exportZip).toBeEnabled();
  await screenshot(page, 'images-02-exported');
  await expectNoAxeViolations(page, 'images-02-exported');

  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(entries).sort()).toEqual(EXPECTED_NAMES);
  for (const [name, bytes] of Object.entries(entries)) {
    expect([...bytes.subarray(0, 3)], name).toEqual([0xff, 0xd8, 0xff]);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, name).toBe('jpeg');
    expect(metadata.width, name).toBeGreaterThan(0);
  }
});
