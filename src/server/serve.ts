import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { type RedirectMap, resolveRedirect } from '../features/redirects/redirects.ts';
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, localeFromPath, localizePath } from '../lib/i18n/index.ts';
import { log } from '../lib/log.ts';
import { compressFor, ENCODING_SUFFIX, MIN_COMPRESS_BYTES, saveCompressed } from './build.ts';

/**
 * The store's Node server: static files from the build (precompressed, long-cached when
 * hashed), locale detection and maintenance mode in front of them, and Astro's handler for
 * everything rendered on demand.
 */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void | Promise<void>;

export interface ServeOptions {
  host: string;
  port: number;
  /** The build's static files; a function when a publish can swap in a new build (read once per request). */
  clientDir: string | (() => string);
  handler: AstroHandler;
  maintenance: boolean;
  /** The build's redirects (dist/redirects.json), answered before any static file. */
  redirects?: RedirectMap | (() => RedirectMap);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
};

export function startServer(options: ServeOptions): Promise<Server> {
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const clientDir = resolve(typeof options.clientDir === 'function' ? options.clientDir() : options.clientDir);
    const redirects = typeof options.redirects === 'function' ? options.redirects() : options.redirects;
    handle(req, res, clientDir, { ...options, redirects }).catch((error: unknown) => {
      log('error', 'server_error', { method: req.method, path: req.url, error });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolvePromise(server));
  });
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  options: Omit<ServeOptions, 'redirects'> & { redirects?: RedirectMap },
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = safeDecode(url.pathname);
  const isAsset = path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path);
  const isApi = path.startsWith('/api/');
  const isPage = !isAsset && !isApi && (req.method === 'GET' || req.method === 'HEAD');

  if (options.maintenance && !isAsset && !isApi) {
    req.url = localeFromPath(path) === 'fr' ? '/fr/maintenance' : '/maintenance';
    return options.handler(req, res);
  }

  if ((req.method === 'GET' || req.method === 'HEAD') && !isApi && options.redirects) {
    const redirect = resolveRedirect(options.redirects, path, url.search);
    if (redirect) {
      res.writeHead(redirect.status, { location: redirect.location, 'cache-control': 'no-store' });
      res.end();
      return;
    }
  }

  if (isPage) {
    const target = preferredLocaleRedirect(path, req.headers.cookie, req.headers['accept-language']);
    if (target) {
      res.writeHead(302, {
        location: target + url.search,
        'cache-control': 'no-store',
        vary: 'Cookie, Accept-Language',
      });
      res.end();
      return;
    }
  }

  if (
    (req.method === 'GET' || req.method === 'HEAD') &&
    path !== undefined &&
    (await serveStatic(req, res, clientDir, path))
  )
    return;
  return options.handler(req, res);
}

/**
 * Where a page request should go instead, if anywhere: the locale cookie (the visitor's own
 * choice) wins on every page; without it, the browser's language only steers the home page.
 */
export function preferredLocaleRedirect(
  path: string,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): string | undefined {
  const current = localeFromPath(path);
  const cookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie === current ? undefined : localizePath(path, cookie);
  if (path === '/' && localeFromAcceptLanguage(acceptLanguage ?? null) === 'fr') return '/fr';
  return undefined;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return safeDecode(value.join('='));
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  path: string,
): Promise<boolean> {
  const relative = normalize(path).replace(/^([/\\])+/, '');
  const base = join(clientDir, relative);
  if (base !== clientDir && !base.startsWith(clientDir + sep)) return false;
  const candidates = /\.[a-z0-9]+$/i.test(path) ? [base] : [join(base, 'index.html'), `${base}.html`];
  for (const file of candidates) {
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!info?.isFile()) continue;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = path.startsWith('/_astro/');
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      'last-modified': info.mtime.toUTCString(),
      vary: 'Accept-Encoding',
    };
    let body: string | Buffer = file;
    let size = info.size;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encodings = (['br', 'gzip'] as const).filter((encoding) => accepted.includes(encoding));
    for (const encoding of encodings) {
      const suffix = ENCODING_SUFFIX[encoding];
      const compressed = await stat(file + suffix).catch(() => undefined);
      if (compressed?.isFile() && compressed.mtimeMs >= info.mtimeMs) {
        body = file + suffix;
        size = compressed.size;
        headers['content-encoding'] = encoding;
        break;
      }
    }
    // Pages are compressed on their first request and the result kept beside them
    // (docs/decisions/012-build-speed-at-catalog-scale.md).
    const encoding = encodings[0];
    if (!headers['content-encoding'] && encoding && extname(file) === '.html' && info.size >= MIN_COMPRESS_BYTES) {
      body = await compressFor(file, await readFile(file), encoding);
      size = body.length;
      headers['content-encoding'] = encoding;
      // Kept for the next request; a read-only build directory just means compressing again.
      saveCompressed(file, encoding, body).catch((error: unknown) =>
        log('warn', 'compressed_page_not_saved', { file, encoding, error }),
      );
    }
    if (
      req.headers['if-modified-since'] &&
      new Date(req.headers['if-modified-since']).getTime() >= Math.floor(info.mtime.getTime() / 1000) * 1000
    ) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['content-length'] = String(size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else if (typeof body === 'string') createReadStream(body).pipe(res);
    else res.end(body);
    return true;
  }
  return false;
}
