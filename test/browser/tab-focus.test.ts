/**
 * Keyboard focus in the Defenses tab (issue 10 §7): after add, remove, move
 * and reset the focus stays on the row, or moves to its neighbour; it never
 * falls to `<body>`.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { useBrowser } from "./support.ts";

const session = useBrowser();
const defender: DefenderInput = {
  defenses: { vulnerabilities: [{ type: "cold" }, { type: "acid", limit: 5 }, { type: "fire" }], shells: [{ id: "s1", value: 10 }] },
  state: { roundLifeLost: 7, shellCooldowns: { s1: 90_000 } },
};

/** Where the focus is: the row (list and index) and the element's action, field or state line. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (el === null || el === document.body) return "body";
    const row = el.closest<HTMLElement>("[data-row]");
    const where = row ? `${row.dataset.list}[${row.dataset.index}]` : (el.closest<HTMLElement>("[data-state]")?.dataset.state ?? el.tagName);
    return `${where} ${el.dataset.dcAction ?? el.dataset.field ?? ""}`.trim();
  });

describe("focus in the Defenses tab", () => {
  it("stays on the row or its neighbour after add, move, remove and reset", async () => {
    const page = await session.open("light", "en");
    await page.evaluate((o) => window.harness.mount("#tab", o), { defender, editable: true, now: 0 });
    await page.evaluate(() => window.harness.settled());
    const click = async (selector: string) => {
      await page.locator(selector).focus();
      await page.keyboard.press("Enter");
      await page.evaluate(() => window.harness.settled());
    };
    const row = (i: number) => `[data-row][data-list="vulnerabilities"][data-index="${i}"]`;

    await click(`${row(1)} [data-dc-action="up"]`);
    expect(await focused(page)).toBe("vulnerabilities[0] down"); // moved to the top: its up button is disabled
    await click(`${row(0)} [data-dc-action="down"]`);
    expect(await focused(page)).toBe("vulnerabilities[1] down");
    await click(`${row(2)} [data-dc-action="remove"]`);
    expect(await focused(page)).toBe("vulnerabilities[1] remove"); // the last row gone: its neighbour above
    await click(`${row(0)} [data-dc-action="remove"]`);
    expect(await focused(page)).toBe("vulnerabilities[0] remove"); // the next row took its place
    await click('[data-section="vulnerabilities"] [data-dc-action="add"]');
    expect(await focused(page)).toBe("vulnerabilities[1] type"); // the new row's first field
    await click('[data-dc-action="reset"][data-reset="round"]');
    expect(await focused(page)).toBe("round");
    await page.close();
  });
});
