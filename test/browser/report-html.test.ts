/**
 * The bestiary report's HTML page (`damage-chain report --html`) in headless
 * Chromium: built from a generated bestiary with known counts, it loads with
 * no script error, Chart.js (inlined) draws all three charts, and the tables
 * show the counts. A screenshot goes to artifacts/.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/cli/i18n.ts";
import { renderReportHtml } from "../../src/cli/report/render-html.ts";
import { buildReport } from "../../src/core/bestiary/report.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { OLD_RULES, population } from "../core/population.ts";
import { artifactPath, launchBrowser } from "./support.ts";

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const report = buildReport(population(OLD_RULES), { profile: BUILT_IN_PROFILES.find((p) => p.id === "revised-4e")! });

describe("report page", () => {
  it("draws its three charts and shows the counts", async () => {
    const page = await browser!.newPage({ viewport: { width: 1000, height: 1400 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setContent(renderReportHtml(report, loadLanguage("en"), "en"));
    await page.waitForSelector("body[data-charts=ready]", { timeout: 10_000 });
    expect(errors).toEqual([]);
    // Each canvas has a Chart.js chart with its datasets, and pixels drawn in both bar colours.
    const charts = await page.evaluate(() =>
      [...document.querySelectorAll("canvas")].map((canvas) => {
        const chart = (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): { data: { datasets: unknown[] } } | undefined } }).Chart.getChart(canvas);
        const ctx = canvas.getContext("2d")!;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let now = 0;
        let after = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] === 0x4e && data[i + 1] === 0x79 && data[i + 2] === 0xa7) now++;
          if (data[i] === 0xf2 && data[i + 1] === 0x8e && data[i + 2] === 0x2b) after++;
        }
        return { id: canvas.id, datasets: chart?.data.datasets.length ?? 0, width: canvas.width, now, after };
      }),
    );
    expect(charts.map((c) => [c.id, c.datasets])).toEqual([["chart-multiplier", 2], ["chart-groups", 4], ["chart-balance", 2]]);
    for (const c of charts) {
      expect(c.width, c.id).toBeGreaterThan(100);
      expect(c.now, `${c.id}: bars of "now"`).toBeGreaterThan(50);
      expect(c.after, `${c.id}: bars of "after"`).toBeGreaterThan(50);
    }
    const radiant = await page.locator("table").first().locator("tr", { hasText: "Radiant" }).locator("td").allTextContents();
    expect(radiant.slice(0, 6)).toEqual(["Radiant", "0", "0", "30", "1.075", "-0.15"]);
    expect(await page.locator("body").textContent()).toContain("Strongest for an attacker: Radiant now");
    await page.screenshot({ path: artifactPath("report-html.png"), fullPage: true });
    await page.close();
  });
});
