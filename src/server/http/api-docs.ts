// The published contract: GET /api/openapi.json, and GET /api/docs rendering it with swagger-ui,
// served from the app's own dependencies so the page needs no other origin (the CSP is script-src 'self',
// which also rules out an inline initializer: it is a file of its own).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import { compressAnswers } from './compress-answers';
import { buildOpenApiDocument } from './openapi';
import type { AppEnv } from './request-log';

const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Copyloom API</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
});`;

export function mountApiDocs(app: Hono<AppEnv>, appUrl: string, sessionCookie: string): void {
  const document = JSON.stringify(buildOpenApiDocument(appUrl, sessionCookie));
  const swaggerRoot = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Promise<Buffer>>();

  // Big text answers built whole in memory (144 KB of document, 1.7 MB of swagger-ui): compressed on the way out.
  const compress = compressAnswers();
  app.use('/api/openapi.json', compress);
  app.use('/api/docs', compress);
  app.use('/api/docs/*', compress);

  app.get('/api/openapi.json', (c) => {
    c.header('cache-control', 'no-cache');
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  app.get('/api/docs', (c) => c.html(PAGE));
  app.get('/api/docs/init.js', (c) =>
    c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/api/docs/:file', async (c) => {
    const file = c.req.param('file');
    const type = SWAGGER_FILES[file];
    if (!type) return c.notFound();
    if (!files.has(file)) files.set(file, readFile(path.join(swaggerRoot, file)));
    const bytes = await files.get(file)!;
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=3600',
    });
  });
}
