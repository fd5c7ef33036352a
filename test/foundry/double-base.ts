/**
 * The generic part of the Foundry test double (see `double.ts` and
 * `README.md` here): Foundry's `expandObject`, update merge and update diff,
 * the hook registry, `game.i18n` over the real `lang/en.json`, and
 * `renderTemplate` with the `handlebars` package.
 *
 * Behaviour modelled on Foundry v13 `common/utils/helpers.mjs`
 * (`expandObject`, `mergeObject` with `performDeletions`, `diffObject` with
 * `deletionKeys`, `applySpecialKeys`) and `client/helpers/hooks.mjs`
 * (`Hooks.call`/`callAll`/`#call`/`onError`); written from their documented
 * behaviour, not copied.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Fn = (...args: never[]) => unknown;
export type Obj = Record<string, unknown>;
const ROOT = join(import.meta.dirname, "../..");
const LANG = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Obj;

/** Foundry's `getType(v) === "Object"`: a plain object (or one without a prototype). */
export const isPlain = (v: unknown): v is Obj => {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === null || proto === Object.prototype;
};
/**
 * v14's `foundry.data.operators.ForcedDeletion` (and the `_del` singleton):
 * as a value in an update, deletes its key (fvtt-types
 * `common/data/operators.d.mts`; foundryvtt/foundryvtt#13090). Present on
 * generation 14 only (`double.ts`).
 */
export class ForcedDeletionDouble {
  static create(): ForcedDeletionDouble { return new ForcedDeletionDouble(); }
}
const isDel = (v: unknown): v is ForcedDeletionDouble => v instanceof ForcedDeletionDouble;

/**
 * v14 logs a compatibility warning for the `-=key` / `==key` syntax (until
 * v16, foundryvtt/foundryvtt#13090); the double models the stricter side and
 * throws, naming the key, so no module write on v14 may use it.
 */
export function rejectLegacyKeys(data: Obj, at = ""): void {
  for (const [key, value] of Object.entries(data)) {
    const last = key.split(".").pop()!;
    if (isSpecial(last)) throw new Error(`You are specifying a forced deletion or replacement key "${at}${key}" using legacy syntax (the double fails on what v14 warns of)`);
    if (isPlain(value)) rejectLegacyKeys(value, `${at}${key}.`);
  }
}

/** `-=key` (delete) or `==key` (replace whole). */
const isSpecial = (key: string) => key[1] === "=" && (key[0] === "-" || key[0] === "=");
const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "Array" : isPlain(v) ? "Object" : typeof v === "object" ? (v as object).constructor.name : typeof v);

/** Foundry's `setProperty`: creates the missing parents of a dotted key. */
function setPath(target: Obj, key: string, value: unknown): void {
  if (!key.includes(".")) {
    target[key] = value;
    return;
  }
  const parts = key.split(".");
  const last = parts.pop()!;
  let cur = target;
  for (const p of parts) cur = (p in cur ? cur[p] : (cur[p] = {})) as Obj;
  cur[last] = value;
}

/** Foundry's `expandObject`: dotted keys become nested objects, key by key in order (a later whole object replaces). */
export function expand(data: Obj): Obj {
  const out: Obj = {};
  for (const key of Object.keys(data)) setPath(out, key, expandValue(data[key]));
  return out;
}

/** A value of an object being expanded: arrays item by item, plain objects expanded. */
const expandValue = (v: unknown): unknown => (Array.isArray(v) ? v.map(expandValue) : isPlain(v) ? expand(v) : v);

/** Foundry's `applySpecialKeys`: a value about to be stored, with `-=`/`==` keys carried out. Cloned. */
function applySpecial(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(applySpecial);
  if (!isPlain(v)) return structuredClone(v);
  const out: Obj = {};
  for (const key of Object.keys(v)) {
    const inner = v[key];
    if (isDel(inner)) continue;
    if (!isSpecial(key)) out[key] = applySpecial(inner);
    else if (key[0] === "=") out[key.slice(2)] = applySpecial(inner);
    else delete out[key.slice(2)];
  }
  return out;
}

function checkDeletion(key: string, value: unknown): void {
  if (key[0] === "-" && value !== null) throw new Error(`Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null} (got ${key})`);
}

/**
 * Foundry's update merge (`mergeObject(source, changes, {performDeletions: true})`):
 * recursive into existing objects; `-=key: null` deletes, `==key` replaces
 * the whole value; a new object is built by merging into `{}` (so special keys
 * inside it are carried out, never stored); anything else replaces.
 */
export function merge(target: Obj, changes: Obj): void {
  const keys = Object.keys(changes);
  const expanded = keys.some((k) => k.includes(".")) ? expand(changes) : changes;
  for (const key of expanded === changes ? keys : Object.keys(expanded)) {
    const value = expanded[key];
    if (isDel(value)) delete target[key];
    else if (Object.hasOwn(target, key)) {
      if (isPlain(value) && isPlain(target[key])) merge(target[key] as Obj, value);
      else target[key] = applySpecial(value);
    } else if (isSpecial(key)) {
      checkDeletion(key, value);
      if (key[0] === "=") target[key.slice(2)] = applySpecial(value);
      else delete target[key.slice(2)];
    } else if (isPlain(value)) {
      const inner: Obj = {};
      merge(inner, value);
      target[key] = inner;
    } else target[key] = structuredClone(value);
  }
}

/**
 * Foundry's update diff (`diffObject(source, changes, {deletionKeys: true})`,
 * what `updateSource(..., {dryRun: true})` reports): only what would change.
 * `-=key` stays when the key exists, `==key` always stays; plain objects are
 * compared key by key, primitives with `===`; an array or Set always counts as
 * changed (a new instance, as `DataField#_updateDiff` compares with `===`), and
 * so does a change of type. An empty result means the update does nothing.
 */
export function diff(source: Obj, changes: Obj): Obj {
  const out: Obj = {};
  for (const key of Object.keys(changes)) {
    const v1 = changes[key];
    if (isSpecial(key)) {
      checkDeletion(key, v1);
      if (key[0] === "=" || key.slice(2) in source) out[key] = key[0] === "=" ? applySpecial(v1) : null;
      continue;
    }
    const v0 = source[key];
    if (isDel(v1)) {
      if (Object.hasOwn(source, key)) out[key] = v1;
    } else if (v1 === undefined || v1 === null) {
      if (v0 !== v1) out[key] = v1;
    } else if (kind(v0) !== kind(v1)) out[key] = applySpecial(v1);
    else if (isPlain(v0) && isPlain(v1)) {
      const inner = Object.keys(v1).length === 0 ? {} : diff(v0, v1);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (typeof v1 === "object" || v0 !== v1) out[key] = applySpecial(v1);
  }
  return out;
}

/** One registered handler. */
interface Entry {
  fn: Fn;
  once: boolean;
}

/**
 * The hook registry (Foundry's `Hooks`): handlers run in registration order;
 * `call` stops at the first that returns `false`; a handler that throws is
 * caught and logged (`console.warn` + `console.error`, and the `error` hook,
 * as `Hooks.onError` does), never thrown into the caller, and counts as
 * having returned `undefined`. Caught errors are also kept in `errors` so a
 * test can assert on them.
 */
export class HooksDouble {
  /** Handlers by hook name, as Foundry's `Hooks.events` (a record of arrays). */
  readonly events: Record<string, Entry[]> = {};
  readonly errors: { hook: string; error: unknown }[] = [];
  on(hook: string, fn: Fn, { once = false }: { once?: boolean } = {}): number {
    this.events[hook] = [...(this.events[hook] ?? []), { fn, once }];
    return this.events[hook]!.length;
  }
  once(hook: string, fn: Fn): number {
    return this.on(hook, fn, { once: true });
  }
  off(hook: string, fn: Fn): void {
    this.events[hook] = (this.events[hook] ?? []).filter((e) => e.fn !== fn);
  }
  #run(hook: string, entry: Entry, args: unknown[]): unknown {
    if (entry.once) this.events[hook] = (this.events[hook] ?? []).filter((e) => e !== entry);
    try {
      return (entry.fn as (...a: unknown[]) => unknown)(...args);
    } catch (error) {
      const name = entry.fn.name;
      console.warn(`Foundry VTT | Error thrown in hooked function '${name}' for hook '${hook}'`);
      console.error(error);
      this.errors.push({ hook, error });
      if (hook !== "error") this.callAll("error", "Hooks.#call", error, { hook });
      return undefined;
    }
  }
  call(hook: string, ...args: unknown[]): boolean {
    for (const entry of [...(this.events[hook] ?? [])]) if (this.#run(hook, entry, args) === false) return false;
    return true;
  }
  callAll(hook: string, ...args: unknown[]): true {
    for (const entry of [...(this.events[hook] ?? [])]) this.#run(hook, entry, args);
    return true;
  }
}

/** `game.i18n` over the real lang file. */
export const i18n = {
  localize(key: string): string {
    const v = key.split(".").reduce<unknown>((o, k) => (isPlain(o) ? o[k] : undefined), LANG);
    return typeof v === "string" ? v : key;
  },
  format(key: string, data: Record<string, string> = {}): string {
    return i18n.localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m);
  },
  has(key: string): boolean {
    return i18n.localize(key) !== key;
  },
} satisfies Pick<foundry.helpers.Localization, "localize" | "format" | "has">;

/** `renderTemplate` with the `handlebars` package and shims of the Foundry helpers the templates use. */
const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, opts: { hash: Record<string, string> }) => (Object.keys(opts.hash).length > 0 ? i18n.format(key, opts.hash) : i18n.localize(key)));
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
// Partials the templates use, registered by name as `loadTemplates({name: path})` does in Foundry.
hb.registerPartial("damage-chain.chain-strip", readFileSync(join(ROOT, "templates/parts/chain-strip.hbs"), "utf8"));
/** Compiled templates by path: Foundry's `getTemplate` compiles a template once and keeps it. */
const compiled = new Map<string, HandlebarsTemplateDelegate>();
/** `renderTemplate`: the template at `path` (compiled once, as Foundry caches it), rendered with `data`. */
export async function renderTemplate(path: string, data: object): Promise<string> {
  let template = compiled.get(path);
  if (template === undefined) compiled.set(path, (template = hb.compile(readFileSync(join(ROOT, path.replace(/^modules\/damage-chain\//, "")), "utf8"))));
  return template(data);
}
void (renderTemplate satisfies typeof foundry.applications.handlebars.renderTemplate);
/** `loadTemplates`: given `{ name: path }` (Foundry v13), registers each template as a partial under its name. */
export async function loadTemplates(templates: string[] | Record<string, string>): Promise<never[]> {
  if (!Array.isArray(templates)) for (const [name, path] of Object.entries(templates)) hb.registerPartial(name, readFileSync(join(ROOT, path.replace(/^modules\/damage-chain\//, "")), "utf8"));
  return [];
}
