/**
 * No import circle anywhere in src/, type imports included:
 * eslint's `import-x/no-cycle` lets type-only circles through, and the core
 * had one (`model/* → messages.ts → explain.ts → context.ts → model/*`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative import (static, type-only or dynamic) of each file under `root`. */
function graph(root: string): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files(root)) {
    const deps = [...readFileSync(f, "utf8").matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)].map((m) => normalize(join(dirname(f), m[1]!)));
    g.set(f, deps);
  }
  return g;
}

/** One circle of imports in `g`, as the files along it, or undefined. */
function circle(g: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (f: string): string[] | undefined => {
    state.set(f, "open");
    path.push(f);
    for (const d of g.get(f) ?? []) {
      if (!g.has(d)) continue;
      if (state.get(d) === "open") return [...path.slice(path.indexOf(d)), d];
      if (state.get(d) === undefined) {
        const found = visit(d);
        if (found) return found;
      }
    }
    path.pop();
    state.set(f, "done");
    return undefined;
  };
  for (const f of g.keys()) if (state.get(f) === undefined) {
    const found = visit(f);
    if (found) return found;
  }
  return undefined;
}

it("src/ has no import circle, counting type imports", () => {
  expect(circle(graph("src"))).toBeUndefined();
});

it("finds a circle when there is one (the check itself)", () => {
  expect(circle(new Map([["a.ts", ["b.ts"]], ["b.ts", ["a.ts"]]]))).toEqual(["a.ts", "b.ts", "a.ts"]);
});
