// @vitest-environment happy-dom
/**
 * Reading the Defenses tab's type pickers: Foundry's
 * `<multi-select>` gives its value as an array in the order values were
 * picked (v13 `client/applications/elements/multi-select.mjs`, `_getValue`:
 * `Array.from(this._value)` of a Set); the tab saves them in the order of the
 * options, as the checkboxes did. An element that was never upgraded reads
 * as its `<option selected>` children, so no stored value is lost.
 */
import { describe, expect, it } from "vitest";
import { chosenValues } from "../../src/foundry/sheet/form.ts";

/** A `<multi-select>` as Foundry leaves it after connect: the options moved into its select, `value` an array. */
function upgraded(options: string[], value: unknown): Element {
  const el = document.createElement("multi-select");
  el.innerHTML = `<div class="tags"></div><select><option value=""></option>${options.map((o) => `<option value="${o}">${o}</option>`).join("")}</select>`;
  Object.defineProperty(el, "value", { get: () => value });
  return el;
}

describe("chosenValues", () => {
  it("reads the picked values in the options' order, whatever order they were picked in", () => {
    expect(chosenValues(upgraded(["acid", "cold", "fire"], ["fire", "acid"]))).toEqual(["acid", "fire"]);
    expect(chosenValues(upgraded(["acid", "cold", "fire"], []))).toEqual([]);
  });

  it("keeps a picked value no option lists, after the listed ones, and prototype keys as plain values", () => {
    expect(chosenValues(upgraded(["fire", "__proto__"], ["void", "__proto__", "fire", "constructor"]))).toEqual(["fire", "__proto__", "void", "constructor"]);
  });

  it("reads an element that was never upgraded from its selected options, so saving keeps the stored values", () => {
    const el = document.createElement("multi-select");
    el.innerHTML = '<option value="acid">Acid</option><option value="fire" selected>Fire</option><option value="cold" selected>Cold</option>';
    expect(chosenValues(el)).toEqual(["fire", "cold"]);
  });

  it("reads a value that is not an array (another element with that tag) like an element never upgraded", () => {
    expect(chosenValues(upgraded(["fire"], "fire"))).toEqual([]);
  });
});
