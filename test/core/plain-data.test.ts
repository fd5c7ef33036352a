/** `plainDataProblem`: what is refused before any schema reads flags or API input, and where. */
import { expect, it } from "vitest";
import { plainDataProblem } from "../../src/core/plain-data.ts";

it("names the path of a BigInt, a cycle, a function, a __proto__ key and a symbol key; accepts JSON data", () => {
  expect(plainDataProblem({ a: [1, { b: 2n }] })?.path).toEqual(["a", 1, "b"]);
  const c: Record<string, unknown> = { x: [] };
  (c.x as unknown[]).push(c);
  expect(plainDataProblem(c)?.path).toEqual(["x", 0]);
  expect(plainDataProblem({ f: () => 1 })?.path).toEqual(["f"]);
  expect(plainDataProblem(JSON.parse('{"a":[{"__proto__":1}]}'))?.path).toEqual(["a", 0, "__proto__"]);
  const arr: unknown[] = [1];
  (arr as unknown as Record<symbol, number>)[Symbol("s")] = 1;
  expect(plainDataProblem({ arr })?.path).toEqual(["arr"]);
  expect(plainDataProblem({ a: [1, 2, { c: [3] }], d: null, e: "x", n: 1.5 })).toBeUndefined();
  // The same object twice (not a cycle) is data.
  const shared = { v: 1 };
  expect(plainDataProblem({ a: shared, b: [shared, shared] })).toBeUndefined();
});

it("reads every own key as Reflect.ownKeys lists them: names (enumerable or not) before symbols; stops at the depth limit", () => {
  const hidden = {};
  Object.defineProperty(hidden, "h", { value: 1n, enumerable: false });
  expect(plainDataProblem({ a: hidden })?.path).toEqual(["a", "h"]);
  // A symbol key comes after every name: a bad value under a name is found first.
  const both: Record<string | symbol, unknown> = { [Symbol("s")]: 1, b: 2n };
  expect(plainDataProblem({ x: both })).toMatchObject({ path: ["x", "b"] });
  expect(plainDataProblem({ x: { [Symbol("s")]: 1, b: 2 } })?.path).toEqual(["x"]);
  let deep: Record<string, unknown> = {};
  const root = deep;
  for (let i = 0; i < 70; i++) deep = (deep.d = {}) as Record<string, unknown>;
  expect(plainDataProblem(root)?.path).toEqual(Array.from({ length: 64 }, () => "d"));
});
