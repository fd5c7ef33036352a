import { describe, expect, it } from "vitest";
import { contentTokens, matchesTokens, scanContent, scannedMatches, scannedTokens } from "../../src/core/content-tokens.ts";

const value = () => ({ a: [1, "x", { b: null, c: true }], d: { e: 2.5 } });

describe("content tokens: one walk hashes and notes a value's content", () => {
  it("a scan's tokens are the content's tokens, and the same content hashes alike", () => {
    const h = scanContent(value());
    expect(h).toBeTypeOf("number");
    expect(scannedTokens()).toEqual(contentTokens(value()));
    expect(scanContent({ ...value(), skipped: undefined })).toBe(h);
    expect(matchesTokens(value(), scannedTokens())).toBe(true);
  });

  it("the scanned content matches kept tokens only when its JSON text would be the same", () => {
    const kept = contentTokens(value())!;
    scanContent(value());
    expect(scannedMatches(kept)).toBe(true);
    scanContent({ ...value(), d: { e: 2.25 } });
    expect(scannedMatches(kept)).toBe(false);
    scanContent({ d: { e: 2.5 }, a: [1, "x", { b: null, c: true }] }); // keys in another order: other JSON text
    expect(scannedMatches(kept)).toBe(false);
    scanContent({ a: [1, "x", { b: null, c: true }] }); // a shorter content
    expect(scannedMatches(kept)).toBe(false);
  });

  it("a key left out is skipped; what is not plain data has no hash and matches nothing", () => {
    expect(scanContent({ ...value(), rest: 1 }, "rest")).toBe(scanContent(value()));
    const kept = contentTokens(value())!;
    for (const odd of [{ a: Number.NaN }, { a: new Map() }, { a: [undefined] }, { a: () => 1 }, { a: 1n }]) {
      expect(scanContent(odd)).toBeUndefined();
      expect(scannedMatches(kept)).toBe(false);
      expect(scannedTokens()).toEqual([]);
    }
  });
});
