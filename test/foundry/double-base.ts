/**
 * The generic part of the Foundry test double (see `double.ts`): Foundry's
 * `expandObject` and update merge, the hook registry, `game.i18n` over the
 * real `lang/en.json`, and `renderTemplate` with the `handlebars` package.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Fn = (...args: never[]) => unknown;
export type Obj = Record<string, unknown>;
const ROOT = join(import.meta.dirname, "../..");
const LANG = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Obj;
const isPlain = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Set);

/** Foundry's `expandObject`: dotted keys become nested objects. */
export function expand(data: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(data)) {
    const segs = key.split(".");
    let cur = out;
    for (const s of segs.slice(0, -1)) cur = (isPlain(cur[s]) ? cur[s] : (cur[s] = {})) as Obj;
    const last = segs[segs.length - 1]!;
    cur[last] = isPlain(value) && isPlain(cur[last]) ? { ...(cur[last] as Obj), ...expand(value) } : isPlain(value) ? expand(value) : value;
  }
  return out;
}

/** Foundry's update merge: recursive, `-=key` deletes, anything else replaces. */
export function merge(target: Obj, changes: Obj): void {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) delete target[key.slice(2)];
    else if (isPlain(value) && isPlain(target[key])) merge(target[key] as Obj, value);
    else target[key] = isPlain(value) ? expand(structuredClone(value)) : structuredClone(value);
  }
}

/** The hook registry (Foundry's `Hooks`): `call` stops at the first `false`. */
export class HooksDouble {
  readonly events = new Map<string, Fn[]>();
  on(hook: string, fn: Fn): number {
    this.events.set(hook, [...(this.events.get(hook) ?? []), fn]);
    return this.events.get(hook)!.length;
  }
  once(hook: string, fn: Fn): number {
    const wrapper = ((...args: never[]) => {
      this.events.set(hook, (this.events.get(hook) ?? []).filter((f) => f !== wrapper));
      return fn(...args);
    }) as Fn;
    return this.on(hook, wrapper);
  }
  call(hook: string, ...args: unknown[]): boolean {
    for (const fn of this.events.get(hook) ?? []) if ((fn as (...a: unknown[]) => unknown)(...args) === false) return false;
    return true;
  }
  callAll(hook: string, ...args: unknown[]): true {
    for (const fn of this.events.get(hook) ?? []) (fn as (...a: unknown[]) => unknown)(...args);
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
export async function renderTemplate(path: string, data: object): Promise<string> {
  return hb.compile(readFileSync(join(ROOT, path.replace(/^modules\/damage-chain\//, "")), "utf8"))(data);
}
void (renderTemplate satisfies typeof foundry.applications.handlebars.renderTemplate);
