'use strict';
const { createHash } = require('node:crypto');
const { appendFileSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/**
 * jest's runtime, whose modules compile from V8's code cache when they have run before.
 *
 * jest runs every test file in a module registry of its own, so a worker compiled React, antd and the
 * rest again for each file it ran (docs/performance.md#the-test-loop). Here a module is compiled as a
 * `vm.Script` (jest uses `vm.compileFunction`, which has no way to take V8's code after the module has
 * run); when the test file ends, the code V8 compiled for it, the functions the tests called included,
 * is kept in memory for the worker's later files and on disk for the next jest process (the other
 * steps of `npm test`, the next run). A module still runs afresh in each file, in that file's context:
 * only the compiling is skipped.
 *
 * The code is found by a hash of the exact text compiled, never by the file's name alone: V8 itself
 * checks little more than the text's length. Where V8 refuses the code (another V8 version or flags),
 * the module compiles as before and its new code replaces the old. Syntax errors and core modules go
 * through jest's own compile. The cache lives in node_modules/.cache/jest-code-cache
 * (PORTAL_JEST_CODE_CACHE_DIR moves it); deleting it costs one slower run.
 *
 * The modules' sources are kept too: jest reads each module's file again for every test file (its
 * file cache lives as long as one test file), though the code it runs comes from its transform cache,
 * which it keys by the file's change time. Here a worker reads a file again only when its size or
 * change time differs from when it last read it.
 *
 * PORTAL_JEST_CODE_CACHE_STATS names a file that gets one line per test file: how many modules
 * compiled and how many came from the cache, and how many sources were read from disk
 * (tools/jest/code-cache-runtime.test.ts).
 */
const CACHE_DIR =
  process.env.PORTAL_JEST_CODE_CACHE_DIR ?? path.resolve(__dirname, '../../node_modules/.cache/jest-code-cache');

/** V8's code for each module this process has run: filename → [text compiled, cached data]. */
const inMemory = new Map();

/** Each module's source as this worker last read it: filename → { mtimeMs, size, buffer, text }. */
const sources = new Map();

/** The file's source, read again only if it changed since this worker read it (undefined: no such file). */
function sourceOf(filename, counts) {
  let stat;
  try {
    stat = statSync(filename);
  } catch {
    return undefined;
  }
  const kept = sources.get(filename);
  if (kept && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept;
  const entry = { mtimeMs: stat.mtimeMs, size: stat.size, buffer: readFileSync(filename), text: undefined };
  counts.sourcesRead += 1;
  sources.set(filename, entry);
  return entry;
}

const diskPath = (text) => path.join(CACHE_DIR, `${createHash('sha1').update(text).digest('hex')}.bin`);

function cachedCode(filename, text) {
  const kept = inMemory.get(filename);
  if (kept && kept[0] === text) return kept[1];
  try {
    return readFileSync(diskPath(text));
  } catch {
    return undefined;
  }
}

function keepCode(filename, text, data) {
  inMemory.set(filename, [text, data]);
  try {
    // Written whole, then renamed: a worker beside this one never reads half a file.
    const file = diskPath(text);
    const partial = `${file}.${process.pid}`;
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written only makes the next run compile again.
  }
}

class CodeCacheRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const compile = executor.compile.bind(executor);
    const compiled = [];
    this.compiledScripts = compiled;
    this.fromCache = 0;
    this.sourcesRead = 0;
    // jest's FileCache (one per test file): the same answers, from the sources this worker has read.
    const fileCache = this.fileCache;
    const readBuffer = fileCache.readFileBuffer.bind(fileCache);
    fileCache.readFileBuffer = (filename) => sourceOf(filename, this)?.buffer ?? readBuffer(filename);
    fileCache.readFile = (filename) => {
      let text = fileCache.strings.get(filename);
      if (text === undefined) {
        const entry = sourceOf(filename, this);
        if (!entry) return readBuffer(filename).toString();
        entry.text ??= entry.buffer.toString();
        text = entry.text;
        fileCache.strings.set(filename, text);
      }
      return text;
    };
    executor.compile = (scriptSource, filename) => {
      const vmContext = executor.environment.getVmContext();
      if (vmContext == null || executor.resolution.isCoreModule(filename)) return compile(scriptSource, filename);
      const prefix = `(function (${executor.injectedModuleParameters.join(', ')}) {`;
      const text = `${prefix}${scriptSource}\n})`;
      const cachedData = cachedCode(filename, text);
      let script;
      try {
        script = new vm.Script(text, {
          filename,
          // Line numbers are the source's; the prefix's columns are taken off the first line.
          columnOffset: -prefix.length,
          cachedData,
          importModuleDynamically: (specifier, _script, importAttributes, phase) =>
            executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
        });
      } catch {
        // jest's own compile reports a syntax error as jest does.
        return compile(scriptSource, filename);
      }
      if (cachedData && !script.cachedDataRejected) {
        this.fromCache += 1;
        inMemory.set(filename, [text, cachedData]);
      } else {
        compiled.push([filename, text, script]);
      }
      return script.runInContext(vmContext);
    };
  }

  teardown() {
    const stats = process.env.PORTAL_JEST_CODE_CACHE_STATS;
    if (stats) {
      const line = { compiled: this.compiledScripts.length, fromCache: this.fromCache, sourcesRead: this.sourcesRead };
      appendFileSync(stats, `${JSON.stringify(line)}\n`);
    }
    for (const [filename, text, script] of this.compiledScripts) keepCode(filename, text, script.createCachedData());
    this.compiledScripts.length = 0;
    super.teardown();
  }
}

module.exports = CodeCacheRuntime;
module.exports.default = CodeCacheRuntime;
