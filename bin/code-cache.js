// Runs the CLI bundle (bin/dist/cli.cjs, and the chunks it requires) with a V8
// code cache, so a start after the first skips parsing and compiling it: Node
// 20 has no `module.enableCompileCache`. The cache holds V8's bytecode of the bundle as
// it was at the end of the run that wrote it (`vm.Script#createCachedData`),
// so the functions that ran then are not compiled again either.
//
// Safety: the cache can only make a start faster, never change what runs.
// - One file per bundle file, Node version and CPU architecture,
//   `<file>-<node>-<arch>.v8cache` (cli-v20.20.2-x64.v8cache), that starts
//   with the SHA-256 of the bundle text it was made from; a cache
//   of any other text is not used (and is replaced after the run). V8 itself
//   also rejects data of another V8 version or other V8 flags.
// - Any error reading, checking or writing it is ignored: the bundle then runs
//   as a plain `require` runs it.
// - It is written to a temporary file and renamed into place, so a process
//   that starts meanwhile reads the old file or the new one, never half of one.
// - It lives beside the code it caches, in the install's own
//   node_modules/.cache/damage-chain (whoever may write there may already change
//   the bundle), not in a folder that other users can write to.
//   DAMAGE_CHAIN_CACHE_DIR names another folder; NODE_DISABLE_COMPILE_CACHE=1
//   (Node's own switch for its compile cache) turns it off.
//
// The npm package v8-compile-cache was not used: it makes its cache before the
// code runs (top-level code only, so every run still compiles each function it
// calls), it takes over every file a program requires, and it writes its cache
// file in place, where a start at the same time can read half of it.
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import { Script } from "node:vm";

/**
 * The cache folder: DAMAGE_CHAIN_CACHE_DIR if set, else
 * `<root>/node_modules/.cache/damage-chain` (`root`: the damage-chain folder);
 * undefined (no cache) when NODE_DISABLE_COMPILE_CACHE is set.
 * @param {string} root
 * @returns {string | undefined}
 */
export function cacheDir(root) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return process.env.DAMAGE_CHAIN_CACHE_DIR || join(root, "node_modules", ".cache", "damage-chain");
}

/**
 * The cache's V8 data when the file starts with `digest`, else undefined
 * (missing, unreadable, or made from other text).
 * @param {string} file
 * @param {Buffer} digest
 * @returns {Buffer | undefined}
 */
function readCache(file, digest) {
  try {
    const data = readFileSync(file);
    return data.length > digest.length && data.subarray(0, digest.length).equals(digest) ? data.subarray(digest.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Write `digest` and `data` to `file` through a temporary file beside it. Never throws.
 * @param {string} file
 * @param {Buffer} digest
 * @param {() => Buffer} data
 */
function writeCache(file, digest, data) {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, Buffer.concat([digest, data()]));
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}

/**
 * Compile CommonJS file `filename` (text `content`) with its code cache in `dir`.
 * @param {string} content
 * @param {string} filename
 * @param {string} dir
 * @returns {(...args: unknown[]) => unknown} the module's wrapper function
 */
function compileCached(content, filename, dir) {
  const file = join(dir, `${basename(filename, ".cjs")}-${process.version}-${process.arch}.v8cache`);
  const digest = createHash("sha256").update(content).digest();
  const cachedData = readCache(file, digest);
  const script = new Script(Module.wrap(content), { filename, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) process.once("exit", () => writeCache(file, digest, () => script.createCachedData()));
  return script.runInThisContext();
}

/**
 * `require(bundle)` (an absolute path), compiled with the code cache in `dir`
 * (none when `dir` is undefined), and so are the chunks in its folder that it
 * requires later. Each runs as a CommonJS module and stays in `require.cache`.
 * Errors of the bundle itself propagate as from `require`; the cache never throws.
 * @param {string} bundle
 * @param {string | undefined} dir
 */
export function requireWithCodeCache(bundle, dir) {
  const require = createRequire(bundle);
  if (dir === undefined) return require(bundle);
  const folder = dirname(bundle);
  // Node's step that turns a CommonJS file's text into its running module, taken over for the bundle's folder alone.
  const proto = /** @type {{ _compile: (content: string, filename: string, ...rest: unknown[]) => unknown }} */ (/** @type {unknown} */ (Module.prototype));
  const original = proto._compile;
  proto._compile = function compile(content, filename, ...rest) {
    // A file with `import()` is left to Node: code compiled by vm.Script cannot import without a callback, and
    // Node 20's (vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER) warns that it is experimental and fails with cached data.
    if (dirname(filename) !== folder || !filename.endsWith(".cjs") || content.includes("import(")) return original.call(this, content, filename, ...rest);
    const { exports } = /** @type {{ exports: unknown }} */ (this);
    return compileCached(content, filename, dir).call(exports, exports, createRequire(filename), this, filename, dirname(filename));
  };
  return require(bundle);
}
