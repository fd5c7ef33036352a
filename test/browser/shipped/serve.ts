/**
 * The shipped build, served as a Foundry server serves an installed module:
 *
 * - {@link releaseZip}: the release zip `npm run build` writes
 *   (`release/damage-chain.zip`, `scripts/release.ts`), built once per test
 *   run from the current sources (Vite, the packs, the release script; not
 *   the CLI, which the global setup builds), or the zip named by
 *   `DC_SHIPPED_ZIP` as is (CI may pass the zip it built);
 * - {@link serveModule}: an HTTP server on 127.0.0.1 only that answers
 *   `/modules/damage-chain/<path>` with the zip's entry at `<path>` and
 *   nothing else of the repository, `/game` with a page written as
 *   Foundry's server writes the game view (the manifest's `styles` as
 *   `<link rel="stylesheet">`, its `esmodules` as `<script type="module">`,
 *   both by `modules/<id>/<path>`), and `/double.js` with the Foundry
 *   globals of `page-double.ts`. Every request is logged, and every one
 *   answered 404 is kept in `missing`.
 */
import AdmZip from "adm-zip";
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "vite";
import { ROOT } from "../support.ts";

/** The manifest fields a Foundry client loads a module by. */
export interface Manifest {
  id: string;
  esmodules?: string[];
  styles?: string[];
  languages?: { lang: string; name: string; path: string }[];
}

/** Build the release zip from the current sources (see the module doc) and give its path, or `DC_SHIPPED_ZIP`. */
export function releaseZip(): string {
  const given = process.env.DC_SHIPPED_ZIP;
  if (given !== undefined && given !== "") return given;
  const run = (...args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: "pipe" });
  run(join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn");
  run(join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/build-packs.ts");
  run(join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/release.ts");
  return join(ROOT, "release", "damage-chain.zip");
}

/** `page-double.ts` bundled as one classic script, its Node-only imports replaced (`node-stubs.ts`). */
export async function bundleDouble(): Promise<string> {
  const stubs = join(import.meta.dirname, "node-stubs.ts");
  const out = await build({
    configFile: false,
    logLevel: "silent",
    root: ROOT,
    resolve: { alias: { "node:fs": stubs, "node:path": stubs, vitest: stubs } },
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: join(import.meta.dirname, "page-double.ts"), formats: ["iife"], name: "FoundryDouble", fileName: () => "double.js" },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === "chunk");
  if (!chunk?.code) throw new Error("page double bundle produced no code");
  return chunk.code;
}

/** The game page: the module's styles and ES modules as Foundry's game view includes them, after the double's globals. */
export function gamePage(manifest: Manifest): string {
  const base = `modules/${manifest.id}`;
  const styles = (manifest.styles ?? []).map((s) => `<link href="${base}/${s}" rel="stylesheet" type="text/css" media="all">`).join("\n");
  const modules = (manifest.esmodules ?? []).map((s) => `<script type="module" src="${base}/${s}"></script>`).join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Foundry (double)</title><link rel="icon" href="data:,">\n${styles}\n<script src="/double.js"></script>\n${modules}\n</head><body class="theme-light"><ol id="chat-log"></ol></body></html>`;
}

const TYPES: Record<string, string> = { js: "text/javascript", css: "text/css", json: "application/json", hbs: "text/plain", png: "image/png" };

/** A running server of the zip's contents (see the module doc). */
export interface ModuleServer {
  url: string;
  manifest: Manifest;
  /** Every path requested, in order. */
  requests: string[];
  /** Paths answered 404. */
  missing: string[];
  close(): Promise<void>;
}

/** Serve `zipPath`'s contents under `/modules/<id>/` (id from its module.json), the game page and the double, on 127.0.0.1. */
export async function serveModule(zipPath: string, doubleJs: string): Promise<ModuleServer> {
  const zip = new AdmZip(zipPath);
  const entry = (name: string) => zip.getEntry(name) ?? undefined;
  const manifestEntry = entry("module.json");
  if (manifestEntry === undefined) throw new Error(`${zipPath} has no module.json at its root`);
  const manifest = JSON.parse(manifestEntry.getData().toString("utf8")) as Manifest;
  const prefix = `/modules/${manifest.id}/`;
  const page = gamePage(manifest);
  const requests: string[] = [];
  const missing: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    requests.push(path);
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (path === "/game") return send("text/html; charset=utf-8", page);
    if (path === "/double.js") return send(TYPES.js!, doubleJs);
    const file = path.startsWith(prefix) ? entry(path.slice(prefix.length)) : undefined;
    if (file !== undefined && !file.isDirectory) return send(TYPES[path.split(".").pop() ?? ""] ?? "application/octet-stream", file.getData());
    missing.push(path);
    res.writeHead(404, { "content-type": "text/plain" });
    res.end(`not in the zip: ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    manifest,
    requests,
    missing,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
