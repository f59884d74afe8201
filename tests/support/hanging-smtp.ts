import { createServer, type Socket } from 'node:net';

/**
 * A mail server that accepts connections and never answers: not even the greeting. A client
 * waiting on it waits until its own timeout, which is what a stuck SMTP relay does to
 * whoever sends mail in line. For tests that show nothing on the request path waits for mail.
 */
export interface HangingSmtp {
  url: string;
  /** Connections accepted and still open, none of them ever answered. */
  openConnections(): number;
  /** Connections accepted since the start. */
  accepted(): number;
  /** Closes every connection (their clients see the connection drop) and the server; once. */
  close(): Promise<void>;
}

export async function startHangingSmtp(): Promise<HangingSmtp> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Errors of a dropped client are expected here; the test looks at its own side.
    socket.on('error', () => sockets.delete(socket));
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
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closed;
    },
  };
}
