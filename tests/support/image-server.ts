// A local image server on 127.0.0.1 for the image tests and the bench: real PNG/JPEG/WebP/GIF images made
// with sharp, plus the abusive answers the compress-image task must survive (a 30 MB body, a decompression
// bomb, a text file named .jpg, an answer that never comes, redirects into the local network). It counts
// every request, so SSRF tests can prove that a blocked URL sent nothing. No test-framework imports, so
// `bench/images.ts` can start it too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type ServedImage = { bytes: Buffer; contentType: string; width: number; height: number };

export type ImageServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** "127.0.0.1:<port>", as ALLOW_PRIVATE_IMAGE_HOSTS spells it. */
  hostPort: string;
  url: (path: string) => string;
  images: Record<string, ServedImage>;
  /** Serves extra bytes at a path (the bench adds its generated photos). */
  addImage: (path: string, image: ServedImage) => void;
  /** Paths requested since the start or the last reset, in order. */
  requests: string[];
  requestCount: (path?: string) => number;
  reset: () => void;
  close: () => Promise<void>;
};

const BIG_BODY_BYTES = 30 * 1024 * 1024;

export async function startImageServer(): Promise<ImageServer> {
  const images: Record<string, ServedImage> = {
    '/photo.png': await encodePhoto(3000, 1500, 'png', 1),
    '/photo.jpg': await encodePhoto(1600, 1200, 'jpeg', 2),
    '/photo.webp': await encodePhoto(1024, 768, 'webp', 3),
    '/small.gif': await encodePhoto(64, 48, 'gif', 4),
    '/transparent.png': await transparentPng(),
    '/rotated.jpg': await rotatedJpeg(),
  };
  const bomb = singleColourPng(20_000, 20_000);
  const requests: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    res.on('error', () => {});
    const image = images[path];
    if (image) {
      res.writeHead(200, { 'content-type': image.contentType, 'content-length': image.bytes.length });
      return res.end(image.bytes);
    }
    const redirectChain = /^\/redirect-chain\/(\d+)$/.exec(path);
    if (redirectChain) {
      const left = Number(redirectChain[1]);
      res.writeHead(302, { location: left > 0 ? `/redirect-chain/${left - 1}` : '/photo.jpg' });
      return res.end();
    }
    switch (path) {
      case '/bomb.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': bomb.length });
        return res.end(bomb);
      case '/not-an-image.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end('This is a text file that only pretends to be a JPEG.\n'.repeat(20));
      case '/huge-declared.jpg':
        return sendBigBody(res, true);
      case '/huge-chunked.jpg':
        return sendBigBody(res, false);
      case '/hang.jpg':
        // Never answers; the socket stays open until the client gives up or the server closes.
        return;
      case '/redirect-to-localhost.png':
        res.writeHead(302, { location: `http://localhost:${port()}/photo.png` });
        return res.end();
      case '/redirect-to-loopback.png':
        res.writeHead(302, { location: `http://127.0.0.1:${port()}/photo.png` });
        return res.end();
      case '/redirect-to-metadata':
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data' });
        return res.end();
      case '/redirect-to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' });
        return res.end();
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port()}`;

  return {
    origin,
    port: port(),
    hostPort: `127.0.0.1:${port()}`,
    url: (path) => `${origin}${path}`,
    images,
    addImage: (path, image) => {
      images[path] = image;
    },
    requests,
    requestCount: (path) => (path ? requests.filter((p) => p === path).length : requests.length),
    reset: () => {
      requests.length = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JPEG-looking 30 MB body, written with backpressure and abandoned when the client hangs up. */
function sendBigBody(res: ServerResponse, declareLength: boolean): void {
  res.writeHead(200, {
    'content-type': 'image/jpeg',
    ...(declareLength ? { 'content-length': BIG_BODY_BYTES } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  chunk.set([0xff, 0xd8, 0xff, 0xe0]);
  let sent = 0;
  const write = () => {
    while (sent < BIG_BODY_BYTES && !res.destroyed) {
      const size = Math.min(chunk.length, BIG_BODY_BYTES - sent);
      sent += size;
      if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return;
    }
    if (!res.destroyed) res.end();
  };
  res.on('drain', write);
  write();
}

/** Photo-like raw RGB: smooth gradients with a few soft shapes and per-pixel noise, deterministic per seed. */
export function photoLikePixels(width: number, height: number, seed: number, noise = 24): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = (seed * 2_654_435_761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const cx = width * (0.3 + 0.4 * random());
  const cy = height * (0.3 + 0.4 * random());
  const radius = Math.min(width, height) * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const inside = dx * dx + dy * dy < radius * radius ? 60 : 0;
      const n = (random() - 0.5) * noise;
      const i = (y * width + x) * 3;
      pixels[i] = clamp((x / width) * 200 + inside + n + 20);
      pixels[i + 1] = clamp((y / height) * 180 + n + 30);
      pixels[i + 2] = clamp(((x + y) / (width + height)) * 160 + inside / 2 + n + 40);
    }
  }
  return pixels;
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

export async function encodePhoto(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  seed: number,
  noise = 24,
): Promise<ServedImage> {
  const image = sharp(photoLikePixels(width, height, seed, noise), { raw: { width, height, channels: 3 } });
  const bytes = await (format === 'png'
    ? image.png()
    : format === 'jpeg'
      ? image.jpeg({ quality: 95 }).withExif({
          IFD0: { Copyright: 'Copyloom test', Software: 'camera' },
          // Where the photo was taken: compression must drop it.
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1' },
        })
      : format === 'webp'
        ? image.webp({ quality: 95 })
        : image.gif()
  ).toBuffer();
  return { bytes, contentType: `image/${format}`, width, height };
}

/** A transparent 300×200 PNG with an opaque red square in the middle. */
async function transparentPng(): Promise<ServedImage> {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00000000' } })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 4, background: '#ff0000ff' } },
        left: 100,
        top: 50,
      },
    ])
    .png()
    .toBuffer();
  return { bytes, contentType: 'image/png', width: 300, height: 200 };
}

/** 400×200 pixels stored with EXIF orientation 6: viewers (and the result) show it 200×400. */
async function rotatedJpeg(): Promise<ServedImage> {
  const bytes = await sharp(photoLikePixels(400, 200, 5), { raw: { width: 400, height: 200, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { bytes, contentType: 'image/jpeg', width: 200, height: 400 };
}

/**
 * A decompression bomb: a 1-bit greyscale PNG, all black, whose compressed rows are a few dozen KB but which
 * decodes to width × height pixels. Written by hand because asking sharp to encode 400 megapixels is slow.
 */
export function singleColourPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  // Each row: filter byte 0, then ceil(width / 8) zero bytes.
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
