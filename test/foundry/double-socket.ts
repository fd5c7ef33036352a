/**
 * Foundry's package socket (`game.socket`, a socket.io client), as the module
 * relies on it: `emit(event, data)` goes to the server, which passes it on to
 * every OTHER connected client; each of their handlers gets `(data, senderId)`,
 * where `senderId` is the id of the user whose connection sent it, added by the
 * server: a client cannot choose it. Only a package's own event
 * (`module.<id>` with `"socket": true` in its manifest, or `system.<id>`) is
 * passed on. Data travels as JSON. The sender never receives its own message.
 * A user whose client does not answer (`UserDouble.answers = false`) receives
 * nothing. Delivery is asynchronous, after `World.latency` ms; the double
 * delivers one message at a time, to one client after the other, each
 * handler's promise awaited, because its clients share one set of globals
 * (a real client handles messages concurrently, with globals of its own).
 */
import type { UserDouble } from "./double-user.ts";

type Handler = (data: unknown, senderId: string) => unknown;

/** The parts of the double's world and client the socket needs. */
interface SocketClient {
  readonly user: UserDouble;
  readonly socket: SocketDouble;
}
interface SocketWorld {
  readonly clients: readonly SocketClient[];
  readonly latency: number;
  as<T>(client: never, fn: () => T): T;
}

/** Each world's socket deliveries, one after the other. */
const queues = new WeakMap<object, Promise<unknown>>();

/**
 * Until every socket message `world`'s clients have emitted so far (and any
 * their handlers emit in turn) has been delivered and handled: a test's way
 * to let messages in flight arrive before it changes who is connected (a GM
 * handing over), as a real table's messages arrive before a user leaves.
 */
export async function socketIdle(world: object): Promise<void> {
  for (let seen: Promise<unknown> | undefined; queues.get(world) !== seen; ) {
    seen = queues.get(world);
    await seen;
  }
}

/** One client's `game.socket`. */
export class SocketDouble {
  readonly #handlers = new Map<string, Handler[]>();
  constructor(
    private readonly world: SocketWorld,
    private readonly owner: () => SocketClient,
  ) {}

  /** `socket.on(event, handler)`. */
  on(event: string, handler: Handler): this {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler]);
    return this;
  }

  /** `socket.off(event, handler)`. */
  off(event: string, handler: Handler): this {
    this.#handlers.set(event, (this.#handlers.get(event) ?? []).filter((h) => h !== handler));
    return this;
  }

  /** `socket.emit(event, data)`: to the server, which passes it to every other connected client with the sender's id. */
  emit(event: string, data: unknown): this {
    if (!/^(module|system)\./.test(event)) return this;
    const json = JSON.stringify(data ?? null);
    const sender = this.owner();
    // One message at a time, one client after the other, each handler awaited: the clients share one set of globals (`World.as`).
    const previous = queues.get(this.world) ?? Promise.resolve();
    const next = previous.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, this.world.latency));
      for (const client of this.world.clients) {
        if (client === sender || !client.user.active || !client.user.answers) continue;
        for (const handler of client.socket.#handlers.get(event) ?? []) {
          await this.world.as(client as never, () => handler(JSON.parse(json), sender.user.id));
        }
      }
    });
    queues.set(this.world, next.catch(() => undefined));
    return this;
  }
}
