// Brotli or gzip for the text answers the server builds itself (the API document, the API docs' swagger-ui
// files): a phone on a slow link waits for bytes, not for the CPU. Hono's `compress` has no brotli, so this is
// ours. The SPA's own files are compressed once at build time instead (scripts/build.mjs, serveStatic's
// `precompressed` in main/app.ts). Mount it only on routes that answer a whole body: it reads the body
// into memory, so a streamed file answer (export-bundle) must never pass through it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type AnswerEncoding = 'br' | 'gzip';

/** Below this, the headers and the work cost more than the bytes saved. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)|\+json/i;
/** Quality 5 of 11: about 90% of the best size at a twentieth of its time (swagger-ui's 1.7 MB in ~0.2 s). */
const BROTLI_QUALITY = 5;
/** Compressed bodies kept by their content's hash: the same document is compressed once per process. */
const CACHE_LIMIT = 32;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts (RFC 9110 §12.5.3): br over gzip, q=0 refusing one; null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export function compressAnswers(): MiddlewareHandler {
  const cache = new Map<string, Promise<Buffer>>();
  const compressed = (bytes: Buffer, encoding: AnswerEncoding): Promise<Buffer> => {
    const key = `${encoding}:${createHash('sha256').update(bytes).digest('hex')}`;
    let hit = cache.get(key);
    if (!hit) {
      // Off the event loop (zlib's thread pool), so a big first answer holds up no other request.
      hit =
        encoding === 'br'
          ? brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : gzipAsync(bytes);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(key, hit);
    }
    return hit;
  };

  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (c.req.method !== 'GET' || res.status !== 200 || !res.body || !COMPRESSIBLE.test(type)) return;
    // An encoded answer is left alone, and so is one with an ETag: its route's 304s compare that exact tag.
    if (res.headers.has('content-encoding') || res.headers.has('etag')) return;
    // Every compressible answer varies, the plain one too, so a shared cache never hands br to a client without it.
    res.headers.append('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const bytes = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const small = bytes.length < MIN_BYTES;
    const body = small ? bytes : await compressed(bytes, encoding);
    if (!small) headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.length));
    // Cleared first: Hono's setter would otherwise copy the old answer's headers (its length among them) over these.
    c.res = undefined;
    c.res = new Response(new Uint8Array(body), { status: res.status, headers });
  };
}
