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
