import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

/**
 * The bundles' content-hashed files (`<name>.<10 hex>.js`), served from memory and compressed once
 * per file and encoding instead of on every request. A hashed file never changes (a change is a
 * new name), as Hosting's CDN also counts on. A staff page asks for about 70 of them; compressing
 * each again on every request was about half of what the local runtime spent serving them.
 *
 * The encodings and levels are the compression package's as the runtime configures it (brotli at
 * its quality 4, gzip at `gzipLevel`, nothing under 1 KB), so the bytes a browser gets are the
 * same as before. Anything else (another file, an encoding such as deflate) goes on to the next
 * handler.
 */
export const HASHED_BUNDLE_FILE = /^[\w-]+(?:\.[\w-]+)*\.[0-9a-f]{10}\.js$/;

/** How long a browser keeps a content-hashed file: for ever (a change is a new name). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The compression package's defaults, which the bundles were served with. */
const COMPRESSION_THRESHOLD = 1024;
const BROTLI_QUALITY = 4;

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

// negotiator 1.x takes the server's preferred encodings for a tie, as the compression package
// passes them; @types/negotiator describes 0.6, without that argument.
type EncodingNegotiator = {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `mounts`: URL prefix ('/admin', '' for the shell) → the bundle's directory. */
export function hashedBundleFiles(mounts: readonly [prefix: string, dir: string][], gzipLevel: number): RequestHandler {
  // At most a few thousand entries of a few hundred KB at most: the bundles' files in three encodings.
  const bodies = new LRUCache<string, Promise<Buffer | null>>({ max: 3000 });

  const raw = (file: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
  const encoded = (file: string, encoding: Encoding): Promise<Buffer | null> => {
    const key = `${encoding} ${file}`;
    let body = bodies.get(key);
    if (!body) {
      body =
        encoding === 'identity'
          ? raw(file)
          : encoded(file, 'identity').then(async (plain) => {
              if (!plain) return null;
              return encoding === 'br'
                ? brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
                : gzip(plain, { level: gzipLevel });
            });
      // A failed read is not kept: the next request tries again.
      body.catch(() => bodies.delete(key));
      bodies.set(key, body);
    }
    return body;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const mount = mounts.find(([prefix]) => req.path.startsWith(`${prefix}/`));
    const name = mount ? req.path.slice(mount[0].length + 1) : '';
    if (!mount || !HASHED_BUNDLE_FILE.test(name)) return next();
    const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
    const chosen = negotiator.encoding(ENCODINGS, { preferred: PREFERRED });
    if (chosen !== 'br' && chosen !== 'gzip' && chosen !== 'identity') return next();
    const file = path.join(mount[1], name);
    encoded(file, 'identity')
      .then(async (plain) => {
        if (!plain) return next();
        const encoding = plain.length < COMPRESSION_THRESHOLD ? 'identity' : chosen;
        const body = (await encoded(file, encoding))!;
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Vary', 'Accept-Encoding');
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', body.length);
        res.end(req.method === 'HEAD' ? undefined : body);
      })
      .catch(next);
  };
}
