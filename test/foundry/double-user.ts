/**
 * A user of the Foundry test double (see `double.ts`, `README.md` here): its
 * targets, permissions and `User#query`.
 */

type QueryHandler = (data: unknown, opts: { timeout?: number | undefined }) => Promise<unknown>;
/** The parts of the double's `World` a user needs: the clients and their switching. */
interface UserWorld {
  readonly active: { user: UserDouble; config: { queries: Record<string, QueryHandler> } };
  readonly clients: readonly { user: UserDouble; config: { queries: Record<string, QueryHandler> } }[];
  as<T>(client: never, fn: () => T): T;
}

/** A value sent over Foundry's socket: JSON in, JSON out (Sets become `{}`, Dates strings, `undefined` keys vanish). */
const overSocket = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export class UserDouble {
  active = true;
  answers = true;
  readonly targets = new Set<{ actor: { uuid: string } }>();
  /** Per-user permission overrides (`User#permissions`); unset ones follow the default role (PLAYER for QUERY_USER). */
  readonly permissions: Record<string, boolean> = {};
  constructor(private readonly world: UserWorld, readonly id: string, readonly name: string, readonly isGM: boolean) {}
  get isSelf(): boolean {
    return this.world.active.user === this;
  }
  /** `User#hasPermission`: GMs have every permission; a player has what is not switched off (all default to PLAYER here). */
  hasPermission(permission: string): boolean {
    return this.isGM || this.permissions[permission] !== false;
  }
  /**
   * `User#query` (Foundry v13 `client/documents/user.mjs`): the query must be
   * registered on the sending client, the sender needs QUERY_USER and this
   * user must be active (each checked before anything is sent, throwing
   * Foundry's messages); the payload and the answer travel as JSON; the
   * recipient's handler gets `(data, { timeout })` and NO sender. An
   * unanswered query (`answers = false`, or no client) fails like a timeout;
   * a handler's error comes back as an Error with its message.
   */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const sender = this.world.active;
    if (!(name in sender.config.queries)) throw new Error(`User query '${name}' is not registered`);
    if (!sender.user.hasPermission("QUERY_USER")) throw new Error("You do not have permission to query users");
    if (!this.active) throw new Error(`User [${this.id}] is not active`);
    const payload = overSocket(data);
    const client = this.world.clients.find((c) => c.user === this);
    const handler = client?.config.queries[name];
    if (client === undefined || handler === undefined || !this.answers) throw new Error(`The query "${name}" timed out after ${timeout}ms`);
    try {
      return overSocket(await this.world.as(client as never, () => handler(payload, { timeout })));
    } catch (err) {
      throw new Error(err instanceof Error ? err.message : String(err), { cause: err });
    }
  }
}
