// The app as `npm start` runs it (embedded database, dev outbox), in a throwaway DATA_DIR, for the Playwright
// tests. An AI provider is faked on loopback so AI workflows can be started too; journeys that want the
// offline writer choose it. TRUST_PROXY lets each test present its own client address to the rate limits.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '../../src/server/leaves/logger/logger';
import { startServer } from '../../src/server/main/boot';
import { loadConfig } from '../../src/server/main/config';
import { startFakeOpenAI } from './fake-openai';
import { startFakeShopify } from './fake-shopify';
import { shopifyCatalogue } from './store-catalogues';

const port = process.env.E2E_PORT ?? '3100';
// It sees: a workflow that sends photos gets alt texts and facts from their pixels (tests/e2e/vision.spec.ts).
const fakeProvider = await startFakeOpenAI({
  apiKey: 'sk-e2e',
  behaviour: { latencyMs: 250 },
  endpoint: { images: 'see' },
});
// A Shopify store for the connected-store journey (tests/e2e/stores.spec.ts), on the app's port + 1000,
// with the access token shpat_e2e_token.
const fakeShopify = await startFakeShopify(shopifyCatalogue(3), {
  port: Number(port) + 1000,
  accessToken: 'shpat_e2e_token',
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'copyloom-e2e-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  DATA_DIR: dataDir,
  APP_URL: `http://localhost:${port}`,
  TRUST_PROXY: 'true',
  DATABASE_URL: '',
  SMTP_URL: '',
  OPENAI_API_KEY: 'sk-e2e',
  OPENAI_BASE_URL: fakeProvider.url,
  ALLOW_PRIVATE_STORE_HOSTS: fakeShopify.hostPort,
});
const server = await startServer(config, silentLogger);
console.log(`e2e server at ${server.url}`);

const stop = async () => {
  await server.stop();
  await fakeProvider.close();
  await fakeShopify.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
