/**
 * The Chromium the browser tests run, found without anything installed on
 * the machine beside Node and the npm packages:
 *
 * - `CHROMIUM_PATH` (environment) names a Chromium to use instead; nothing is
 *   unpacked then.
 * - Otherwise the headless Chromium shipped inside the npm package
 *   `@sparticuz/chromium` is unpacked once per package version into
 *   `node_modules/.cache/damage-chain-chromium-<version>/`: the binary, its
 *   SwiftShader libraries, its fonts (Open Sans) and the shared libraries it
 *   needs beyond glibc (NSS, NSPR, expat: the package's `al2023.tar.br`), so
 *   no Debian Chromium or libnss3 is needed. One process unpacks (it holds
 *   the lock folder `<folder>.lock`; the others wait for it), into a
 *   temporary name renamed when complete, so test files (or two test runs)
 *   starting at once never run a half-written binary.
 *
 * {@link chromiumLaunch} gives the executable and the environment that
 * points the binary at those libraries (`LD_LIBRARY_PATH`) and at a
 * fontconfig file listing only the bundled fonts (`FONTCONFIG_FILE`).
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { createBrotliDecompress } from "node:zlib";
import { extract } from "tar-fs";

const require = createRequire(import.meta.url);

/** How to start Chromium: its executable and the environment it needs. */
export interface ChromiumLaunch {
  executablePath: string;
  env: Record<string, string>;
}

/** `process.env` without its unset entries. */
function currentEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Unpack a `.tar.br` archive into `dir`. */
async function untarBrotli(archive: string, dir: string): Promise<void> {
  await pipeline(createReadStream(archive), createBrotliDecompress(), extract(dir));
}

/**
 * Unpack the package's Chromium into `dir` (see the module doc). The package
 * unpacks into `os.tmpdir()`, so TMPDIR points at the staging folder while
 * it starts the unpacking (the package reads it synchronously).
 */
async function unpack(packageDir: string, dir: string): Promise<void> {
  const staging = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    const { default: Chromium } = (await import("@sparticuz/chromium")) as { default: { executablePath(input?: string): Promise<string> } };
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    const unpacking = Chromium.executablePath(join(packageDir, "bin"));
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    await unpacking;
    await untarBrotli(join(packageDir, "bin", "al2023.tar.br"), join(staging, "al2023"));
    writeFileSync(
      join(staging, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, "fonts")}</dir>\n  <cachedir>${join(dir, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another run finished first: use its folder.
      if (!existsSync(join(dir, "chromium"))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A lock older than this (ms) was left by a run that died: it is taken over. */
const STALE_LOCK = 5 * 60_000;

/** How long ago (ms) the lock folder was made, or undefined when it is gone. */
function lockAge(lock: string): number | undefined {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Unpack into `dir` unless done; one process at a time (see the module doc). */
async function ensureUnpacked(packageDir: string, dir: string): Promise<void> {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(dir), { recursive: true });
  while (!existsSync(join(dir, "chromium"))) {
    try {
      mkdirSync(lock, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = lockAge(lock);
      if (age === undefined) continue; // released meanwhile: look again
      if (age > STALE_LOCK) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
      continue;
    }
    try {
      if (!existsSync(join(dir, "chromium"))) await unpack(packageDir, dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** The executable and environment for the browser tests (see the module doc). */
export async function chromiumLaunch(): Promise<ChromiumLaunch> {
  const env = currentEnv();
  const override = process.env.CHROMIUM_PATH;
  if (override !== undefined && override !== "") return { executablePath: override, env };
  const packageDir = dirname(dirname(dirname(require.resolve("@sparticuz/chromium"))));
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  const dir = join(packageDir, "..", "..", ".cache", `damage-chain-chromium-${version}`);
  await ensureUnpacked(packageDir, dir);
  const libs = join(dir, "al2023", "lib");
  return {
    executablePath: join(dir, "chromium"),
    env: { ...env, LD_LIBRARY_PATH: [libs, env.LD_LIBRARY_PATH].filter(Boolean).join(":"), FONTCONFIG_FILE: join(dir, "fonts.conf"), FONTCONFIG_PATH: dir },
  };
}
