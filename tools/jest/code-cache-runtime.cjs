'use strict';
const { createHash } = require('node:crypto');
const { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
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
 * PORTAL_JEST_CODE_CACHE_STATS names a file that gets one line per test file: how many modules
 * compiled and how many came from the cache (tools/jest/code-cache-runtime.test.ts).
 */
const CACHE_DIR =
  process.env.PORTAL_JEST_CODE_CACHE_DIR ?? path.resolve(__dirname, '../../node_modules/.cache/jest-code-cache');

/** V8's code for each module this process has run: filename → [text compiled, cached data]. */
const inMemory = new Map();

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
      const line = { compiled: this.compiledScripts.length, fromCache: this.fromCache };
      appendFileSync(stats, `${JSON.stringify(line)}\n`);
    }
    for (const [filename, text, script] of this.compiledScripts) keepCode(filename, text, script.createCachedData());
    this.compiledScripts.length = 0;
    super.teardown();
  }
}

module.exports = CodeCacheRuntime;
module.exports.default = CodeCacheRuntime;
