import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A local stand-in for the Supabase Storage API: only the routes @supabase/storage-js calls
 * for what the store does (upload, download, remove, signed upload URL and its upload,
 * public read), over real HTTP, so the store's real client code path runs against it.
 * It checks the service key like Storage does and keeps objects in memory.
 */
export interface StorageStandIn {
  url: string;
  serviceRoleKey: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: string[];
  close(): Promise<void>;
}

const PREFIX = '/storage/v1';

export async function startStorageStandIn(bucket = 'product-images'): Promise<StorageStandIn> {
  const serviceRoleKey = `service-${randomUUID()}`;
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const signed = new Map<string, string>();
  const requests: string[] = [];

  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    requests.push(`${req.method} ${path}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const notFound = () => send(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
    const authorized = req.headers.authorization === `Bearer ${serviceRoleKey}`;
    if (!path.startsWith(PREFIX)) return notFound();
    const route = path.slice(PREFIX.length);

    // Public read and signed upload need no key.
    const publicRead = route.match(/^\/object\/public\/([^/]+)\/(.+)$/);
    if (req.method === 'GET' && publicRead) {
      const object = publicRead[1] === bucket ? objects.get(publicRead[2] ?? '') : undefined;
      if (!object) return notFound();
      res.writeHead(200, { 'content-type': object.contentType });
      return res.end(object.body);
    }
    const signedUpload = route.match(/^\/object\/upload\/sign\/([^/]+)\/(.+)$/);
    if (req.method === 'PUT' && signedUpload) {
      const key = signedUpload[2] ?? '';
      if (signedUpload[1] !== bucket || signed.get(url.searchParams.get('token') ?? '') !== key) {
        return send(400, { statusCode: '403', error: 'Unauthorized', message: 'invalid signature' });
      }
      if (objects.has(key) && req.headers['x-upsert'] !== 'true') {
        return send(400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
      }
      objects.set(key, { body: await read(req), contentType: String(req.headers['content-type'] ?? '') });
      return send(200, { Key: `${bucket}/${key}` });
    }

    if (!authorized) return send(400, { statusCode: '403', error: 'Unauthorized', message: 'Invalid JWT' });

    if (req.method === 'POST' && signedUpload) {
      if (signedUpload[1] !== bucket) return notFound();
      const token = randomUUID();
      signed.set(token, signedUpload[2] ?? '');
      return send(200, { url: `/object/upload/sign/${bucket}/${signedUpload[2]}?token=${token}` });
    }
    const removeAll = route.match(/^\/object\/([^/]+)$/);
    if (req.method === 'DELETE' && removeAll) {
      const { prefixes } = JSON.parse((await read(req)).toString()) as { prefixes: string[] };
      const removed = prefixes.filter((key) => objects.delete(key));
      return send(
        200,
        removed.map((name) => ({ name, bucket_id: bucket })),
      );
    }
    const object = route.match(/^\/object\/([^/]+)\/(.+)$/);
    if (object && object[1] === bucket) {
      const key = object[2] ?? '';
      if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) return notFound();
        res.writeHead(200, { 'content-type': found.contentType });
        return res.end(found.body);
      }
      if (req.method === 'POST' || req.method === 'PUT') {
        if (req.method === 'POST' && objects.has(key) && req.headers['x-upsert'] !== 'true') {
          return send(400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
        }
        objects.set(key, { body: await read(req), contentType: String(req.headers['content-type'] ?? '') });
        return send(200, { Id: randomUUID(), Key: `${bucket}/${key}` });
      }
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    serviceRoleKey,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
