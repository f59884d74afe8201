import { open, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import sirv from 'sirv';
import { type RedirectMap, resolveRedirect } from '../features/redirects/redirects.ts';
import {
  localeRedirect,
  NO_PAGE_TRANSLATIONS,
  type PageTranslations,
} from '../features/translations/page-translations.ts';
import { type BodyLimit, bodyLimitFor } from '../lib/http/limits.ts';
import { pathProblem } from '../lib/http/paths.ts';
import { sameSitePath } from '../lib/http/redirect.ts';
import { securityHeaders } from '../lib/http/security-headers.ts';
import {
  getT,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeFromAcceptLanguage,
  localeFromPath,
} from '../lib/i18n/index.ts';
import { log } from '../lib/log.ts';
import { compressFor, ENCODING_SUFFIX, MIN_COMPRESS_BYTES, saveCompressed } from './build.ts';
import { limitBody } from './request-body.ts';

/**
 * The store's Node server: static files from the build (precompressed, long-cached when
 * hashed), locale detection and maintenance mode in front of them, and Astro's handler for
 * everything rendered on demand. Files with an extension are sirv's; pages are ours, for
 * their compression on first request (docs/decisions/041-static-files-through-sirv.md).
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
  /** The build's page translations (dist/page-translations.json): locale and wrong-language redirects. */
  translations?: PageTranslations | (() => PageTranslations);
  /** Served over HTTPS (PUBLIC_SITE_URL is https): HSTS is sent. */
  https?: boolean;
  /** Routes allowed larger bodies than JSON's 1 MB (uploads); `LARGER_BODY_LIMITS` by default. */
  bodyLimits?: readonly BodyLimit[];
}

/**
 * Where the type sirv takes from mrmime is not the one we send: text with its charset, XML as
 * `application/xml`, and `.ico`, which mrmime does not know.
 */
const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ico': 'image/x-icon',
};

const HASHED_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATED_CACHE = 'public, max-age=0, must-revalidate';

type AssetServer = ReturnType<typeof sirv>;
/** Answers a request for a file of the build; false when the build has no such file. */
type ServeAsset = (clientDir: string, req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * sirv's production mode reads its directory once, so there is one sirv per build directory.
 * Only the latest is kept: a request reads the served directory once, and a swapped-out build
 * is never asked again, so keeping it would only hold its index.
 */
function assetServer(firstClientDir: string): ServeAsset {
  let latest: { clientDir: string; serve: AssetServer } | undefined;
  const serverFor = (clientDir: string): AssetServer | undefined => {
    if (latest?.clientDir === clientDir) return latest.serve;
    let serve: AssetServer;
    try {
      serve = sirv(clientDir, {
        dev: false,
        etag: true,
        brotli: true,
        gzip: true,
        // Page paths never reach sirv: no `index.html` or `.html` lookups.
        extensions: [],
        setHeaders(res, pathname) {
          res.setHeader('cache-control', pathname.startsWith('/_astro/') ? HASHED_CACHE : REVALIDATED_CACHE);
          const type = ASSET_TYPES[extname(pathname)];
          if (type) res.setHeader('content-type', type);
        },
      });
    } catch (error) {
      // No build there (yet): nothing to serve, and nothing kept, so a build made later is found.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
    latest = { clientDir, serve };
    return serve;
  };
  // The first build is indexed at start rather than on its first request.
  serverFor(firstClientDir);

  return (clientDir, req, res) => {
    const serve = serverFor(clientDir);
    if (!serve) return false;
    // sirv reads ranges naively (`bytes=-5` sends the first six bytes, `bytes=5-2` throws after
    // the head is sent); files are sent whole, as they always were here.
    delete req.headers.range;
    // A file indexed and removed since (a build rewritten in place) fails when sirv opens it,
    // with no listener: that would stop the process. The answer is cut instead, and the
    // directory indexed again for the next request.
    const onPipe = (file: NodeJS.ReadableStream) =>
      file.once('error', (error) => {
        log('error', 'static_file_unreadable', { path: req.url, error });
        if (latest?.clientDir === clientDir) latest = undefined;
        res.destroy();
      });
    res.once('pipe', onPipe);
    // sirv answers, or calls `next`, before it returns.
    let found = true;
    serve(req, res, () => {
      found = false;
    });
    if (!found) res.off('pipe', onPipe);
    return found;
  };
}

export function startServer(options: ServeOptions): Promise<Server> {
  const headers = securityHeaders({ https: options.https ?? false });
  const clientDirNow = () => resolve(typeof options.clientDir === 'function' ? options.clientDir() : options.clientDir);
  const serveAsset = assetServer(clientDirNow());
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const clientDir = clientDirNow();
    const redirects = typeof options.redirects === 'function' ? options.redirects() : options.redirects;
    const translations =
      (typeof options.translations === 'function' ? options.translations() : options.translations) ??
      NO_PAGE_TRANSLATIONS;
    handle(req, res, clientDir, serveAsset, { ...options, redirects, translations }).catch((error: unknown) => {
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
  serveAsset: ServeAsset,
  options: Omit<ServeOptions, 'redirects' | 'translations'> & {
    redirects?: RedirectMap;
    translations: PageTranslations;
  },
): Promise<void> {
  // `//evil.example/x` is a path here, not a host: parse it as one.
  const raw = req.url ?? '/';
  const problem = pathProblem(raw.split('?')[0] ?? raw);
  if (problem) {
    log('warn', 'bad_path', { method: req.method, path: raw.slice(0, 200), reason: problem.reason });
    const message = getT(requestLocale(req), 'security')('path.invalid');
    if (raw.startsWith('/api/')) {
      res.writeHead(problem.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: { code: problem.reason, message } }));
    } else {
      res.writeHead(problem.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(message);
    }
    return;
  }
  const url = new URL(raw.startsWith('/') ? `http://localhost${raw}` : raw, 'http://localhost');
  const path = safeDecode(url.pathname);
  const isAsset = path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path);
  const isApi = path.startsWith('/api/');
  const isPage = !isAsset && !isApi && (req.method === 'GET' || req.method === 'HEAD');

  if (
    req.method !== 'GET' &&
    req.method !== 'HEAD' &&
    !(await limitBody(req, res, bodyLimitFor(url.pathname, options.bodyLimits), requestLocale))
  )
    return;

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
    // A slug of the other language, or a second address of a page: its one address, for good.
    const canonical = options.translations.canonicalOf(url.pathname);
    if (canonical) {
      res.writeHead(301, { location: sameSitePath(canonical + url.search, canonical), 'cache-control': 'no-store' });
      res.end();
      return;
    }
    // The path as it arrived (still percent-encoded): `/fr/%2Fevil.example` stays one segment.
    const target = localeRedirect(options.translations, {
      path: url.pathname,
      search: url.search,
      cookie: readCookie(req.headers.cookie, LOCALE_COOKIE),
      acceptLanguage: req.headers['accept-language'],
    });
    if (target) {
      res.writeHead(302, { location: target, 'cache-control': 'no-store', vary: 'Cookie, Accept-Language' });
      res.end();
      return;
    }
  }

  // No endpoint is prerendered: an API path goes straight to Astro, without looking for a page
  // file first (two stat calls on every product page's stock request).
  if ((req.method === 'GET' || req.method === 'HEAD') && !isApi) {
    const asset = isFilePath(path) && !REWRITTEN_IN_PLACE.test(path);
    if (asset ? serveAsset(clientDir, req, res) : await servePage(req, res, clientDir, path)) return;
  }
  return options.handler(req, res);
}

/**
 * Files an incremental publish rewrites in the served build (docs/decisions/050-incremental-publish.md):
 * sirv's index, read once, would keep their old size. They are read like pages, per request.
 */
const REWRITTEN_IN_PLACE = /^\/(builds\/[\w.-]+(\/[\w.-]+)?\.json|sitemap\.xml)$/;

/** A path whose last segment has an extension, `.html` aside: a page asked for by its file stays a page. */
function isFilePath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
}

/** The language of an answer the server gives itself: the path's, then the cookie's, then the browser's. */
function requestLocale(req: IncomingMessage): Locale {
  const path = req.url ?? '/';
  if (!path.startsWith('/api/')) return localeFromPath(path);
  const cookie = readCookie(req.headers.cookie, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : (localeFromAcceptLanguage(req.headers['accept-language'] ?? null) ?? 'en');
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

/**
 * A prerendered page (`index.html` or `.html`), negotiated br/gzip. Pages are not compressed at
 * build: the first request compresses one and keeps the result beside it
 * (docs/decisions/012-build-speed-at-catalog-scale.md), which sirv's index, read once, would
 * never see. Revalidated by Last-Modified.
 */
async function servePage(req: IncomingMessage, res: ServerResponse, clientDir: string, path: string): Promise<boolean> {
  const relative = normalize(path).replace(/^([/\\])+/, '');
  const base = join(clientDir, relative);
  if (base !== clientDir && !base.startsWith(clientDir + sep)) return false;
  const named = path.endsWith('.html') || REWRITTEN_IN_PLACE.test(path);
  const candidates = named ? [base] : [join(base, 'index.html'), `${base}.html`];
  const type = (named && ASSET_TYPES[extname(path)]) || 'text/html; charset=utf-8';
  for (const file of candidates) {
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'ENAMETOOLONG') return undefined;
      throw error;
    });
    if (!info?.isFile()) continue;
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': REVALIDATED_CACHE,
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
    const encoding = encodings[0];
    if (!headers['content-encoding'] && encoding && info.size >= MIN_COMPRESS_BYTES) {
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
    // The length and the bytes come from the one file opened: an incremental publish may
    // rename a new page (or its .br) over this path between a stat and a read (decision 050).
    const opened = typeof body === 'string' ? await open(body, 'r') : undefined;
    if (opened)
      size = (await opened.stat().catch((error: unknown) => opened.close().then(() => Promise.reject(error)))).size;
    headers['content-length'] = String(size);
    res.writeHead(200, headers);
    if (!opened) res.end(req.method === 'HEAD' ? undefined : body);
    else if (req.method === 'HEAD') await opened.close().finally(() => res.end());
    else {
      // Gone or unreadable since: the answer is cut rather than the process stopped.
      const stream = opened.createReadStream();
      stream.once('error', (error: unknown) => {
        log('error', 'static_file_unreadable', { path: req.url, error });
        res.destroy();
      });
      // A client gone before the end: the file is closed now, not when collected.
      res.once('close', () => stream.destroy());
      stream.pipe(res);
    }
    return true;
  }
  return false;
}
