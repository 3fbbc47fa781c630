// The workspaces migration on a database made by the schema before it: two users with bundles, runs,
// products, a workflow, a store, a push, an API key, a webhook and carried spend are migrated, and each user's
// rows are in their personal workspace, where they are the owner; nothing is lost and nothing moves to another.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../support/global-setup';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const WORKSPACES_TAG = '0020_workspaces';
const adminUrl = inject('adminDatabaseUrl');
const name = `copyloom_migration_${randomBytes(5).toString('hex')}`;
let pool: pg.Pool;
let before: string;

/** The migrations folder as it was before the workspaces migration: the journal cut before its entry. */
function folderBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'copyloom-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Rows of the previous schema, as that schema's code wrote them (owner_id and user_id naming the user). */
async function seedPreviousSchema(): Promise<void> {
  await pool.query(`
    insert into "user" (id, name, email) values ('u-ana', 'Ana', 'ana@example.com'), ('u-ben', 'Ben', 'ben@example.com');
    insert into bundles (owner_id, name, columns, custom_fields) values
      ('u-ana', 'Ana lamps', '["title"]', '{}'), ('u-ana', 'Ana mugs', '["title"]', '{}'), ('u-ben', 'Ben chairs', '["title"]', '{}');
    insert into workflows (owner_id, name, model, prompt_templates, language) values
      (null, 'Seeded', 'offline', '{"system":"s","user":"u","variant":"v","repair":"r"}', 'en'),
      ('u-ben', 'Ben voice', 'offline', '{"system":"s","user":"u","variant":"v","repair":"r"}', 'en');
    insert into products (bundle_id, position, details) select id, 1, '{"title":"One"}' from bundles;
    insert into bundle_workflows (bundle_id, workflow_id) select id, (select min(id) from workflows) from bundles;
    insert into bundle_workflow_products (bundle_workflow_id, product_id, review_state)
      select bw.id, p.id, 'approved' from bundle_workflows bw join products p on p.bundle_id = bw.bundle_id;
    insert into stores (owner_id, platform, store_url, name, sealed_credentials)
      values ('u-ana', 'shopify', 'https://ana.example', 'Ana', 'sealed');
    insert into store_pushes (owner_id, store_id, bundle_workflow_id, kind, api_version)
      select 'u-ana', s.id, bw.id, 'push', '1' from stores s, bundle_workflows bw join bundles b on b.id = bw.bundle_id
      where b.name = 'Ana lamps';
    insert into api_keys (user_id, name, prefix, key_hash, scopes) values ('u-ben', 'ci', 'cl_ben', 'hash-ben', '{read}');
    insert into webhook_endpoints (user_id, url, events, secret) values ('u-ana', 'https://hooks.example', '{run.completed}', 'whsec_x');
    insert into user_spend_carried (owner_id, month, spent_usd) values ('u-ben', '2026-11-01', 2.5);`);
}

async function snapshot(): Promise<string> {
  const tables = [
    'bundles',
    'products',
    'bundle_workflows',
    'bundle_workflow_products',
    'stores',
    'store_pushes',
  ];
  const counts = await Promise.all(
    tables.map(
      async (table) => `${table}:${(await pool.query(`select count(*) from ${table}`)).rows[0].count}`,
    ),
  );
  return counts.join(' ');
}

beforeAll(async () => {
  await adminQuery(adminUrl, `create database "${name}"`);
  pool = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 2 });
  const previous = folderBefore(WORKSPACES_TAG);
  try {
    await migrate(drizzle(pool), { migrationsFolder: previous });
  } finally {
    rmSync(previous, { recursive: true, force: true });
  }
  await seedPreviousSchema();
  before = await snapshot();
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
});

describe('the workspaces migration', () => {
  it('gives each user a personal workspace with their own id, where they are the owner', async () => {
    const { rows } = await pool.query(
      `select w.id, w.personal_of, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id order by w.id`,
    );
    expect(rows).toEqual([
      { id: 'u-ana', personal_of: 'u-ana', user_id: 'u-ana', role: 'owner' },
      { id: 'u-ben', personal_of: 'u-ben', user_id: 'u-ben', role: 'owner' },
    ]);
  });

  it('keeps every row, each in its user’s workspace', async () => {
    expect(await snapshot()).toBe(before);
    const owners = await pool.query(`
      select 'bundle ' || name as row, owner_id from bundles
      union all select 'workflow ' || name, owner_id from workflows where owner_id is not null
      union all select 'store ' || name, owner_id from stores
      union all select 'push', owner_id from store_pushes
      union all select 'key ' || name, owner_id from api_keys
      union all select 'webhook', owner_id from webhook_endpoints
      union all select 'carried', owner_id from user_spend_carried
      order by 1`);
    expect(owners.rows).toEqual([
      { row: 'bundle Ana lamps', owner_id: 'u-ana' },
      { row: 'bundle Ana mugs', owner_id: 'u-ana' },
      { row: 'bundle Ben chairs', owner_id: 'u-ben' },
      { row: 'carried', owner_id: 'u-ben' },
      { row: 'key ci', owner_id: 'u-ben' },
      { row: 'push', owner_id: 'u-ana' },
      { row: 'store Ana', owner_id: 'u-ana' },
      { row: 'webhook', owner_id: 'u-ana' },
      { row: 'workflow Ben voice', owner_id: 'u-ben' },
    ]);
    const approved = await pool.query(
      `select count(*)::int as n from bundle_workflow_products where review_state = 'approved'`,
    );
    expect(approved.rows[0].n).toBe(3);
  });

  it('a user made after it has a personal workspace at once, and rows must name a workspace', async () => {
    await pool.query(`insert into "user" (id, name, email) values ('u-cy', 'Cy', 'cy@example.com')`);
    const { rows } = await pool.query(
      `select role from workspace_members where workspace_id = 'u-cy' and user_id = 'u-cy'`,
    );
    expect(rows).toEqual([{ role: 'owner' }]);
    await expect(
      pool.query(
        `insert into bundles (owner_id, name, columns, custom_fields) values ('nowhere', 'x', '["title"]', '{}')`,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
