/**
 * The shipped build, loaded as Foundry loads it: the release
 * zip's contents served under `/modules/damage-chain/` (`shipped/serve.ts`),
 * module.json's `styles` as stylesheet links, its `esmodules` as module
 * scripts, its `languages` fetched by their paths, over the Foundry test
 * double's globals (`shipped/page-double.ts`). Nothing here imports the
 * sources: a chunk the zip lacks, a chunk URL that only resolves from the
 * repository root, a template, lang file or stylesheet that is not shipped
 * answers 404, and the test fails on it (`missing`), as it does on any page
 * error, console error or error a hook handler threw.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support.ts";
import { bundleDouble, releaseZip, serveModule, type ModuleServer } from "./shipped/serve.ts";

const GHOUL = {
  id: "ghoul",
  name: "Ghoul",
  type: "npc",
  system: { attributes: { hp: { value: 30, max: 30 } } },
  flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "physical", limit: 3, label: "Tough hide" }] } } },
};

let server: ModuleServer;
let browser: Browser;
let page: Page;
/** Page errors, console errors and failed requests, each a line. */
const problems: string[] = [];

beforeAll(async () => {
  // Build the zip (Vite, packs, release: ~15 s) while the double is bundled and Chromium starts.
  const [zip, doubleJs, b] = await Promise.all([Promise.resolve().then(releaseZip), bundleDouble(), launchBrowser()]);
  browser = b;
  server = await serveModule(zip, doubleJs);
  page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ""}`));
  await page.goto(`${server.url}/game`, { waitUntil: "load" });
  await page.evaluate(([seed, manifest]) => window.foundryDouble.boot({ actor: seed }, manifest), [GHOUL, server.manifest] as const);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const hp = () => page.evaluate(() => window.foundryDouble.hp("ghoul"));

describe("the release zip, loaded as Foundry loads a module", () => {
  it("loads the manifest's ES modules, styles and languages from /modules/damage-chain/", async () => {
    for (const f of [...(server.manifest.esmodules ?? []), ...(server.manifest.styles ?? [])]) expect(server.requests).toContain(`/modules/damage-chain/${f}`);
    expect(server.requests).toContain("/modules/damage-chain/lang/en.json");
    expect(await page.evaluate(() => game.i18n!.localize("DAMAGECHAIN.Sheet.Tab"))).toBe("Defenses");
    // A client in another language fetches that language's file by its manifest path: every one is served and has the module's keys.
    const langs = await page.evaluate(
      (paths) => Promise.all(paths.map((p) => fetch(`modules/damage-chain/${p}`).then(async (r) => [r.status, r.status === 200 ? typeof ((await r.json()) as { DAMAGECHAIN?: unknown }).DAMAGECHAIN : "none"]))),
      (server.manifest.languages ?? []).map((l) => l.path),
    );
    expect(langs).toEqual((server.manifest.languages ?? []).map(() => [200, "object"]));
    expect(langs.length).toBeGreaterThan(1);
    // The stylesheet's own rules apply: the module's CSS came from the shipped file.
    const sheet = await page.evaluate(() => [...document.styleSheets].find((s) => s.href?.endsWith("/modules/damage-chain/damage-chain.css"))?.cssRules.length ?? 0);
    expect(sheet).toBeGreaterThan(10);
  });

  it("runs a token HUD hit through the chain and posts its card", async () => {
    await page.evaluate(() => window.foundryDouble.hudHit("ghoul", -10));
    // revised-4e: Resist physical, limit 3, against an attack removes min(10/2, 3) = 3.
    await expect.poll(hp).toBe(23);
    await expect.poll(() => page.evaluate(() => window.foundryDouble.renderChat())).toBe(1);
    const card = page.locator("#chat-log .damage-chain-card");
    await expect.poll(() => card.textContent()).toContain("Ghoul");
    await card.locator("details[data-row] summary").first().click();
    await expect.poll(() => card.textContent()).toContain("Tough hide");
    expect(await card.locator("[data-action='damage-chain-undo']").count()).toBe(1);
    // The card's custom properties come from the shipped stylesheet.
    expect(await card.evaluate((el) => getComputedStyle(el).getPropertyValue("--dc-line").trim())).not.toBe("");
  });

  it("opens the Defenses tab on an actor sheet (the tab body is a chunk loaded on first use)", async () => {
    await page.evaluate(() => window.foundryDouble.renderSheet("ghoul"));
    const nav = page.locator('.sheet nav [data-tab="damageChain"]');
    await expect.poll(() => nav.count()).toBe(1);
    await nav.click();
    const panel = page.locator('.sheet .tab.active[data-tab="damageChain"]');
    await expect.poll(() => panel.locator("input, select").count()).toBeGreaterThan(0);
    expect(await panel.locator("input").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toContain("Tough hide");
    expect(server.requests.some((r) => /^\/modules\/damage-chain\/mount-[\w-]+\.js$/.test(r))).toBe(true);
  });

  it("opens the bestiary window with its charts drawn (Chart.js is a chunk of its own)", async () => {
    await page.evaluate(() => window.foundryDouble.clickTool("damage-chain-bestiary"));
    const win = page.locator("#damage-chain-bestiary");
    await expect.poll(() => win.locator("canvas[data-chart]").count()).toBe(3);
    const drawnPixels = async () =>
      win.locator("canvas[data-chart]").evaluateAll((canvases) =>
        canvases.map((c) => {
          const px = (c as HTMLCanvasElement).getContext("2d")!.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height).data;
          let painted = 0;
          for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) painted++;
          return painted;
        }),
      );
    await expect.poll(async () => Math.min(...(await drawnPixels()))).toBeGreaterThan(50);
    const text = (await win.textContent()) ?? "";
    expect(text).not.toContain("DAMAGECHAIN.");
    // The report counts the world's one actor (the Ghoul, resistant to physical), under the active profile.
    expect(text).toMatch(/\b1 creatures?, profile revised-4e/);
    expect(text).toContain("Weakest for an attacker: Physical now");
    for (const chunk of [/^\/modules\/damage-chain\/window-[\w-]+\.js$/, /^\/modules\/damage-chain\/auto-[\w-]+\.js$/]) expect(server.requests.some((r) => chunk.test(r))).toBe(true);
  });

  it("undoes the hit from the card's Undo button (the undo check is a chunk too)", async () => {
    await page.locator("#chat-log [data-action='damage-chain-undo']").click();
    await expect.poll(hp).toBe(30);
    await expect.poll(() => page.evaluate(() => window.foundryDouble.messages()[0]!.flags["damage-chain"] as { card: { reverted: boolean } })).toMatchObject({ card: { reverted: true } });
    await page.evaluate(() => window.foundryDouble.renderChat());
    await expect.poll(() => page.locator("#chat-log .damage-chain-card.is-reverted").count()).toBe(1);
    expect(server.requests.some((r) => /^\/modules\/damage-chain\/undo-check-[\w-]+\.js$/.test(r))).toBe(true);
  });

  it("asked for nothing the zip lacks, and nothing went wrong on the page", async () => {
    expect(server.missing).toEqual([]);
    expect(server.requests.filter((r) => r !== "/game" && r !== "/double.js" && !r.startsWith("/modules/damage-chain/"))).toEqual([]);
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => [...window.foundryDouble.hookErrors(), ...window.foundryDouble.notes().filter((n) => n.level === "error").map((n) => n.text)])).toEqual([]);
  });
});
