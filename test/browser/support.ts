/**
 * Browser-test support: connects to the Chromium that `./global-setup.ts`
 * started (the one of `./chromium.ts`, inside the npm package
 * `@sparticuz/chromium`, or `CHROMIUM_PATH`; no system browser is needed)
 * through playwright-core, takes the harness page (`harness/page.ts`) and the
 * real stylesheet (`styles/damage-chain.scss`) it built once, reads the real
 * templates and lang file. The
 * page gets a small stand-in for Foundry v13's theme variables
 * (`.theme-light` / `.theme-dark`, the variables the module's CSS reads) so
 * both themes can be looked at, and its fonts from npm packages (Foundry's
 * Signika, DejaVu Sans for the signs Signika lacks), so screenshots do not
 * depend on the machine's fonts. A worker keeps one such page per
 * language, from one test file to the next, and puts it back as opened
 * before each test (`useBrowser`, `resetPage`): opening one costs about a
 * second, most of the time of a short test.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "playwright-core";
import { beforeAll, inject } from "vitest";
import "./provided.ts";

export const ROOT = join(import.meta.dirname, "..", "..");
export const ARTIFACTS = join(ROOT, "artifacts");

/**
 * Connect to the test Chromium that the project's global setup
 * (`./global-setup.ts`) started once for every browser test file;
 * `close()` on the result disconnects this file and closes its pages.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
}

/** `make`'s result, computed on the first call. */
function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

/** The web fonts of the test page, from npm packages: Foundry's Signika, and DejaVu Sans for the signs Signika lacks (→, ×). */
const FONTS = [
  { family: "Signika", file: (weight: number) => `@fontsource/signika/files/signika-latin-${weight}-normal.woff2` },
  { family: "DejaVu Sans", file: (weight: number) => `@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff2` },
];

/** `@font-face` rules for {@link FONTS} at weights 400 and 700, inlined as data URLs (read once per file). */
const fontCss = once((): string => {
  const require = createRequire(import.meta.url);
  return FONTS.flatMap(({ family, file }) =>
    [400, 700].map((weight) => {
      const data = readFileSync(require.resolve(file(weight))).toString("base64");
      return `@font-face { font-family: "${family}"; font-style: normal; font-weight: ${weight}; font-display: block; src: url(data:font/woff2;base64,${data}) format("woff2"); }`;
    }),
  ).join("\n");
});

/**
 * Font Awesome 6 Free (npm `@fortawesome/fontawesome-free`; Foundry v13 ships
 * Font Awesome 6), its core CSS and the solid style the module's icons use,
 * with the font inlined, so icon buttons show in screenshots as in Foundry.
 */
const fontAwesomeCss = once((): string => {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve("@fortawesome/fontawesome-free/package.json"));
  const woff2 = readFileSync(join(dir, "webfonts", "fa-solid-900.woff2")).toString("base64");
  const solid = readFileSync(join(dir, "css", "solid.min.css"), "utf8").replace(/src:[^;}]*/, `src:url(data:font/woff2;base64,${woff2}) format("woff2")`);
  return `${readFileSync(join(dir, "css", "fontawesome.min.css"), "utf8")}\n${solid}`;
});

/** Every template under `templates/`, by path relative to the repo. */
export function readTemplates(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".hbs")) out[relative(ROOT, p)] = readFileSync(p, "utf8");
    }
  };
  walk(join(ROOT, "templates"));
  return out;
}

export function readLang(lang: "en" | "de" = "en"): unknown {
  return JSON.parse(readFileSync(join(ROOT, "lang", `${lang}.json`), "utf8"));
}

/**
 * Stand-in for the part of Foundry v13's theme the module relies on: the
 * text and level colours of each theme and an application window's
 * background. Values follow Foundry's light parchment and dark slate looks.
 */
const THEME_CSS = `
  body { margin: 0; font-family: "Signika", "DejaVu Sans", sans-serif; }
  .theme-light { --color-text-primary: #18181b; --color-text-secondary: #4b4a44; --color-level-error: #b71c1c; --color-level-warning: #a35200; --color-level-success: #1b5e20; --color-warm-2: #c9593f; background: #e8e4d8; color: #18181b; }
  .theme-dark { --color-text-primary: #e7e5dc; --color-text-secondary: #b5b3a4; --color-level-error: #ff6b6b; --color-level-warning: #f0a04b; --color-level-success: #7bd88f; --color-warm-2: #e0714f; background: #1f2126; color: #e7e5dc; }
  .window-content { width: 760px; padding: 8px; }
  input, select, button { font: inherit; color: inherit; background: color-mix(in srgb, currentColor 8%, transparent); border: 1px solid color-mix(in srgb, currentColor 35%, transparent); border-radius: 3px; }
  select option { background: Canvas; color: CanvasText; }
`;

/** The viewport every harness page starts with (px). */
const VIEWPORT = { width: 800, height: 900 };

/** A fresh page's body: the window content with the two hosts the tests render into (`#tab`, `#card`). */
const BODY = `<div class="window-content"><section id="tab" class="damage-chain-host"></section><div id="card"></div></div>`;

/** A page with the stylesheet, the theme stand-in and the harness, themed `theme`, texts from lang/`lang`.json. */
export async function openPage(browser: Browser, harness: string, css: string, theme: "light" | "dark", lang: "en" | "de" = "en"): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on("pageerror", (err) => {
    throw err;
  });
  // The head's own elements are marked, so `resetPage` can take out any a test added.
  const style = (text: string) => `<style data-harness>${text}</style>`;
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8" data-harness>${style(fontCss())}${style(fontAwesomeCss())}${style(THEME_CSS)}${style(css)}</head>` +
      `<body class="theme-${theme}">${BODY}</body></html>`,
  );
  await page.evaluate((families) => Promise.all(families.flatMap((f) => [400, 700].map((w) => document.fonts.load(`${w} 16px "${f}"`, "a→")))).then(() => undefined), FONTS.map((f) => f.family));
  await page.evaluate(() => document.fonts.load('900 16px "Font Awesome 6 Free"', "\uf1f8"));
  await page.addScriptTag({ content: harness });
  await page.evaluate((c) => window.harness.setup(c), { templates: readTemplates(), lang: readLang(lang) });
  return page;
}

/**
 * Put a page of {@link openPage} back as it was opened, for the next test:
 * the viewport, the mouse at the top left corner (nothing hovered), the
 * harness's state (`harness.reset`), the body's attributes and content (so
 * `#tab` and `#card` are new, empty elements without listeners), the head
 * without anything added after opening (scripts stay run: axe-core stays
 * loaded), no focus, scrolled to the top. Loaded fonts, the harness script
 * and its compiled templates are kept: they are the same for every test.
 */
export async function resetPage(page: Page, theme: "light" | "dark"): Promise<void> {
  const size = page.viewportSize();
  if (size?.width !== VIEWPORT.width || size.height !== VIEWPORT.height) await page.setViewportSize(VIEWPORT);
  await page.mouse.move(0, 0);
  await page.evaluate(
    ({ theme, body }) => {
      window.harness.reset();
      (document.activeElement as HTMLElement | null)?.blur();
      for (const el of [document.documentElement, document.body]) for (const a of [...el.attributes]) el.removeAttribute(a.name);
      document.body.className = `theme-${theme}`;
      document.body.innerHTML = body;
      for (const el of document.head.querySelectorAll(":scope > :not([data-harness], script)")) el.remove();
      window.scrollTo(0, 0);
    },
    { theme, body: BODY },
  );
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** A test file's browser: a connection to the shared Chromium, with the harness bundle and stylesheet built once by the global setup. */
export interface BrowserSession {
  /**
   * The worker's page for `lang`, with the harness, the compiled CSS, the
   * language and the theme `theme`: opened on the first call for that
   * language, put back as opened and themed `theme` ({@link resetPage}) on
   * each later one, in this file or a later file the worker runs, so a test
   * finds it as a fresh page (the theme is the body's class alone). Tests
   * leave it open; a page a test closes is opened anew on the next call.
   */
  open(theme: "light" | "dark", lang?: "en" | "de"): Promise<Page>;
}

/**
 * What a worker keeps from one browser test file to the next (the project
 * runs with `isolate: false`, and each file imports this module afresh, so
 * it lives on `globalThis`): its connection to the Chromium at `endpoint` and
 * its pages by language. Opening a page (the page, its fonts and the harness
 * script) costs about a second on a 2-CPU machine, resetting it a few ms.
 * The connection ends with the worker, or when the global setup's teardown
 * closes Chromium.
 */
interface WorkerPages {
  endpoint: string;
  browser: Browser;
  pages: Map<"en" | "de", Page>;
}

const WORKER_PAGES = Symbol.for("damage-chain.test.browser-pages");

/** The worker's {@link WorkerPages}, connecting (again) when there are none, or they belong to another Chromium or lost their connection. */
async function workerPages(): Promise<WorkerPages> {
  const store = globalThis as { [WORKER_PAGES]?: WorkerPages };
  const endpoint = inject("chromiumEndpoint");
  const kept = store[WORKER_PAGES];
  if (kept !== undefined && kept.endpoint === endpoint && kept.browser.isConnected()) return kept;
  return (store[WORKER_PAGES] = { endpoint, browser: await launchBrowser(), pages: new Map() });
}

/** Register the file's beforeAll that connects to the browser (or finds the worker's connection); call at the top level of a test file. */
export function useBrowser(): BrowserSession {
  let worker: WorkerPages | undefined;
  let harness = "";
  let css = "";
  beforeAll(async () => {
    worker = await workerPages();
    harness = inject("harness");
    css = inject("css");
  });
  return {
    async open(theme, lang = "en") {
      if (worker === undefined) throw new Error("useBrowser: the browser is not running (open pages inside tests)");
      const kept = worker.pages.get(lang);
      if (kept !== undefined && !kept.isClosed()) {
        await resetPage(kept, theme);
        return kept;
      }
      const page = await openPage(worker.browser, harness, css, theme, lang);
      worker.pages.set(lang, page);
      return page;
    },
  };
}

/** axe-core's own script (npm `axe-core`), injected into a page by {@link axeFindings}. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical findings inside `selector` on `page`, one line each (`rule: [targets]`); empty when there are none. axe-core's script is injected on the page's first call only. */
export async function axeFindings(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: string, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }> } }).axe;
    const r = await axe.run(sel, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}
