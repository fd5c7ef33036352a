/**
 * The browser project's global setup: one Chromium for every browser test
 * file (a worker connects to it once and keeps its pages from file to file,
 * `support.ts`; `shipped.test.ts` and `report-html.test.ts` connect on their
 * own), and the harness bundle and stylesheet built once, instead of a
 * launch and a build per file.
 */
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { bundleHarness, compileCss } from "./build.ts";
import { chromiumLaunch } from "./chromium.ts";
import "./provided.ts";

/** Chromium flags for a headless run in CI (no sandbox, no network chatter). */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export default async function startChromium(project: TestProject): Promise<() => Promise<void>> {
  // The first run unpacks Chromium (`chromium.ts`: a few seconds alone, longer on a busy machine).
  const { executablePath, env } = await chromiumLaunch();
  const [server, harness] = await Promise.all([chromium.launchServer({ executablePath, env, args: CHROMIUM_ARGS }), bundleHarness()]);
  project.provide("chromiumEndpoint", server.wsEndpoint());
  project.provide("harness", harness);
  project.provide("css", compileCss());
  return () => server.close();
}
