/**
 * One of the two static servers that bench/static.bench.ts compares, on the built client files
 * (dist/client), in a process of its own so that its CPU time can be read from /proc:
 *
 *   node bench/static-server.ts ours|sirv PORT
 *
 * `ours` is the store's server (src/server/serve.ts) with nothing behind it (every path it
 * does not serve is a 404): its path checks, redirects and locale detection, then sirv for
 * files with an extension and its own page path (compression on first request, decision 012)
 * for pages. `sirv` is bare sirv in production mode configured to answer as the store does:
 * precompressed br/gzip files, a year's immutable caching for hashed assets and revalidation
 * for the rest, `index.html` and `.html` for page paths, and the same security headers. Before
 * docs/decisions/041-static-files-through-sirv.md, `ours` served every file itself; the
 * figures of that comparison are in the decision.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { securityHeaders } from '../src/lib/http/security-headers.ts';
import { startServer } from '../src/server/serve.ts';

const [kind, portText] = process.argv.slice(2);
const port = Number(portText);
const clientDir = join(import.meta.dirname, '../dist/client');
const notFound = (_req: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
};

if (kind === 'ours') {
  await startServer({ host: '127.0.0.1', port, clientDir, handler: notFound, maintenance: false });
} else if (kind === 'sirv') {
  const headers = securityHeaders({ https: false });
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader(
        'cache-control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    serve(req, res, () => notFound(req, res));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
} else {
  console.error('usage: node bench/static-server.ts ours|sirv PORT');
  process.exit(2);
}
process.on('SIGTERM', () => process.exit(0));
