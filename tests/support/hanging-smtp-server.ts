import { createServer, type Socket } from 'node:net';

/**
 * An SMTP relay that accepts connections and then never says a word (no greeting, no reply):
 * what a relay stuck behind a dead network path looks like to nodemailer. It counts the
 * connections it accepted, so a test can tell that a delivery is under way and waiting on it.
 */
export interface HangingSmtpServer {
  url: string;
  /** Resolves once `count` connections have been accepted since the start. */
  accepted(count?: number): Promise<void>;
  /** Ends every connection (the client sees the relay go away) and stops listening. */
  close(): Promise<void>;
}

export async function startHangingSmtpServer(): Promise<HangingSmtpServer> {
  const sockets = new Set<Socket>();
  let total = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((socket) => {
    total += 1;
    sockets.add(socket);
    // A client that gives up resets the connection: that is the point of this server, not a fault.
    socket.on('error', () => sockets.delete(socket));
    socket.on('close', () => sockets.delete(socket));
    for (const waiter of waiting.filter((w) => w.count <= total)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The hanging SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    accepted(count = 1) {
      if (total >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
