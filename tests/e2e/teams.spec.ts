// A team in one workspace: the owner makes a workspace and a bundle in it and invites a reviewer by email; the
// reviewer opens the link signed out, signs up, confirms the address, signs in, is taken back to the
// invitation, joins, and approves a product of the owner's bundle. Turned into a viewer, the same approval is
// refused on screen with the server's words naming the role. Removed, their next load is back in their personal
// workspace. The owner then switches back to theirs with the keyboard, and nothing of the team's shows.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  chooseWorkflow,
  linkFromOutbox,
  OFFLINE_WRITER,
  PASSWORD,
  presentOwnClientAddress,
  screenshot,
  signInNewUser,
  signInWithPassword,
  uniqueEmail,
} from './helpers';

test.setTimeout(180_000);

const WORKSPACE = 'Client Hemma';
const PRODUCTS = ['Arc Desk Lamp', 'Linen Cushion'];

async function makeWorkspaceAndBundle(page: Page) {
  await page.getByRole('button', { name: 'New workspace' }).click();
  await page.getByRole('dialog', { name: 'New workspace' }).getByLabel('Workspace name').fill(WORKSPACE);
  await page.getByRole('button', { name: 'Make workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Workspace: ${WORKSPACE}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Workspace', exact: true })).toHaveValue(
    `${WORKSPACE} · Owner`,
  );
  // A new workspace holds none of the personal one's bundles.
  await expect(page.getByText('No bundles yet.')).toBeVisible();

  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Team bundle');
  await page.getByText('Manual', { exact: true }).click();
  const rows = PRODUCTS.map(
    (name, i) => `${name},Hemma,https://shop.example/p/${i + 1},,30 cm,Sand,"A well made ${name}.",`,
  );
  await page.getByLabel('Product List').fill(rows.join('\n'));
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByLabel(`${PRODUCTS.length} of ${PRODUCTS.length} products done`)).toBeVisible({
    timeout: 60_000,
  });
}

async function invite(page: Page, email: string) {
  await page.getByRole('link', { name: 'Workspace', exact: true }).click();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send invitation' }) });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Reviewer:/ }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We emailed an invitation to ${email}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invitations waiting' })).toContainText(email);
  await screenshot(page, 'teams-01-workspace-invitation-waiting');
  await expectNoAxeViolations(page, 'workspace page with an invitation waiting');
}

/** The invitee opens the link signed out, signs up, confirms the address and signs in: back to the invitation. */
async function joinThroughSignUp(browser: Browser, inviteLink: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await presentOwnClientAddress(page);
  await page.goto(inviteLink);
  await expect(page.getByText('You have been invited to a workspace.')).toBeVisible();
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Create a password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
  await page.goto(await linkFromOutbox(page.request, email, '/verify-email'));
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1, name: `Workspace: ${WORKSPACE}` })).toBeVisible();
  await expect(page.getByText('Your role here is Reviewer')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Workspace', exact: true })).toHaveValue(
    `${WORKSPACE} · Reviewer`,
  );
  return page;
}

test('invite a reviewer through the dev outbox; they join and approve; as a viewer they are refused; removed, they are out', async ({
  page,
  browser,
  request,
}) => {
  await signInNewUser(page, request, 'team-owner');
  await makeWorkspaceAndBundle(page);
  const reviewerEmail = uniqueEmail('team-reviewer');
  await invite(page, reviewerEmail);
  const link = await linkFromOutbox(request, reviewerEmail, '/invite?token=');

  const reviewer = await joinThroughSignUp(browser, link, reviewerEmail);
  await reviewer.getByRole('link', { name: /^Team bundle/ }).click();
  await reviewer.getByRole('button', { name: 'Review', exact: true }).first().click();
  const panel = reviewer.getByRole('dialog', { name: /^Review: / });
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(panel.getByLabel('Review: Approved')).toBeVisible();
  // The review says who approved it.
  await expect(panel.getByTestId('review-trail')).toContainText(/Approved by \S/);
  await reviewer.getByRole('button', { name: 'Close review' }).click();

  // The owner makes the reviewer a viewer: their next approval is refused, in the server's words.
  await page.reload();
  const role = page.getByRole('combobox', { name: /^Role of / });
  await role.click();
  await page.getByRole('option', { name: 'Viewer', exact: true }).click();
  await expect(role).toHaveValue('Viewer');
  await reviewer.getByRole('button', { name: 'Review', exact: true }).nth(1).click();
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(reviewer.getByText(/Your role in this workspace is viewer/)).toBeVisible();
  await setOwnBudget(page, reviewerEmail.split('@')[0]!);

  // The audit log names who did what.
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit).toContainText(reviewerEmail.split('@')[0]!);
  for (const action of [
    'workspace.created',
    'member.invited',
    'member.joined',
    'review.approved',
    'member.changed',
  ]) {
    await expect(audit).toContainText(action);
  }
  await screenshot(page, 'teams-02-reviewer-made-viewer');
  await removeAndSeeThemOut(page, reviewer, reviewerEmail.split('@')[0]!);

  await switchToPersonalWithKeys(page);
  await expect(page.getByText('No bundles yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Team bundle/ })).toHaveCount(0);
});

/** The owner gives the member a monthly budget of their own in this workspace, kept across a reload. */
async function setOwnBudget(owner: Page, name: string) {
  const budget = owner.getByRole('textbox', { name: `Monthly budget of ${name} (USD)` });
  await budget.fill('15');
  await budget.press('Enter');
  await expect(owner.getByRole('table', { name: 'Audit log' })).toContainText('member.changed');
  await owner.reload();
  await expect(budget).toHaveValue('$15');
}

/** The owner removes the member after confirming; the member's next load is back in their personal workspace. */
async function removeAndSeeThemOut(owner: Page, member: Page, name: string) {
  await owner.getByRole('button', { name: `Remove ${name}` }).click();
  const confirm = owner.getByRole('dialog', { name: 'Remove this member?' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(owner.getByRole('table', { name: 'Members' })).not.toContainText(name);
  await member.reload();
  await expect(member.getByText('You are no longer a member of that workspace')).toBeVisible();
  await expect(member.getByRole('combobox', { name: 'Workspace', exact: true })).toHaveValue(
    /\(personal\) · Owner$/,
  );
  await expect(member).toHaveURL(/\/$/);
  await expect(member.getByRole('link', { name: /^Team bundle/ })).toHaveCount(0);
}

/** The switcher with the keyboard alone: open it, walk to the personal workspace, pick it with Enter. */
async function switchToPersonalWithKeys(page: Page) {
  const switcher = page.getByRole('combobox', { name: 'Workspace', exact: true });
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  const personal = page.getByRole('option', { name: /\(personal\)/ });
  await expect(personal).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(personal).toHaveAttribute('data-combobox-selected', 'true', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(switcher).toHaveValue(/\(personal\) · Owner$/);
  await expect(page).toHaveURL(/\/$/);
}
