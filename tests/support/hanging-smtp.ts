import { createServer, type Socket } from 'node:net';

/**
 * A mail server that accepts connections and never answers: not even the greeting. A client
 * waiting on it waits until its own timeout, which is what a stuck SMTP relay (a dead network
 * path) does to whoever sends mail in line. For tests that show nothing on the request path
 * waits for mail; it counts its connections, so a test can tell a delivery is under way.
 */
export interface HangingSmtp {
  url: string;
  /** Connections accepted and still open, none of them ever answered. */
  openConnections(): number;
  /** Connections accepted since the start. */
  accepted(): number;
  /** Resolves once `count` connections have been accepted since the start. */
  waitForConnections(count: number): Promise<void>;
  /** Closes every connection (their clients see the connection drop) and the server; once. */
  close(): Promise<void>;
}

export async function startHangingSmtp(): Promise<HangingSmtp> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A client that gives up resets the connection: that is the point of this server, not a fault.
    socket.on('error', () => sockets.delete(socket));
    for (const waiter of waiting.filter((w) => w.count <= accepted)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The hanging SMTP server has no TCP port');
  let closed: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    openConnections: () => sockets.size,
    accepted: () => accepted,
    waitForConnections(count) {
      if (accepted >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closed;
    },
  };
}
