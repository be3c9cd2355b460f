import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to a real database that a test can cut and restore: the database outage is real network
 * behaviour (refused connections, dropped sockets), without stopping the database other tests share.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Client and upstream socket of each connection, for holding and releasing their traffic. */
  private readonly pairs = new Set<[Socket, Socket]>();
  private holding = false;

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.up();
    return proxy;
  }

  /** Accepts connections again, on the same port. */
  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      if (!this.holding) client.pipe(upstream).pipe(client);
      client.on('close', () => {
        this.pairs.delete(pair);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /**
   * A partition: connections stay open and new ones are accepted, but no byte passes either way (nothing is
   * refused, nothing answers) until `release`, which delivers what was held, as TCP does when a partition heals.
   */
  hold(): void {
    this.holding = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  release(): void {
    this.holding = false;
    for (const [client, upstream] of this.pairs) client.pipe(upstream).pipe(client);
  }

  /** Refuses new connections and drops every open one, as a stopped database server does. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
