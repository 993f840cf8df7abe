'use strict';
const { appendFileSync } = require('node:fs');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/**
 * jest's runtime, whose modules compile from V8's code cache when this worker has run them before.
 *
 * jest runs every test file in a module registry of its own, so a worker compiles React, antd and the
 * rest again for each file it runs: about a sixth of a component test file's CPU
 * (docs/performance.md#the-test-loop). Here a module is compiled as a `vm.Script` (jest uses
 * `vm.compileFunction`, which has no way to take V8's code after the module has run); when the test
 * file ends, the code V8 compiled for it, the functions the tests called included, is kept for the
 * worker's later files. A module still runs afresh in each file, in that file's context: only the
 * compiling is skipped. Where the source differs from the cached one, or V8 refuses the cache, the
 * module compiles as before. Syntax errors and core modules go through jest's own compile.
 *
 * PORTAL_JEST_CODE_CACHE_STATS names a file that gets one line per test file: how many modules
 * compiled and how many came from the cache (tools/jest/code-cache-runtime.test.ts).
 */

/** V8's code for each module this worker has run: filename → [source, cached data]. */
const codeCache = new Map();

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
      const cached = codeCache.get(filename);
      const cachedData = cached && cached[0] === scriptSource ? cached[1] : undefined;
      let script;
      try {
        script = new vm.Script(`${prefix}${scriptSource}\n})`, {
          filename,
          columnOffset: -prefix.length,
          cachedData,
          importModuleDynamically: (specifier, _script, importAttributes, phase) =>
            executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
        });
      } catch {
        // jest's own compile reports a syntax error as jest does.
        return compile(scriptSource, filename);
      }
      if (!cachedData || script.cachedDataRejected) compiled.push([filename, scriptSource, script]);
      else this.fromCache += 1;
      // Line numbers are the source's; the prefix's columns are taken off the first line.
      return script.runInContext(vmContext);
    };
  }

  teardown() {
    const stats = process.env.PORTAL_JEST_CODE_CACHE_STATS;
    if (stats) {
      const line = { compiled: this.compiledScripts.length, fromCache: this.fromCache };
      appendFileSync(stats, `${JSON.stringify(line)}\n`);
    }
    for (const [filename, source, script] of this.compiledScripts) {
      codeCache.set(filename, [source, script.createCachedData()]);
    }
    this.compiledScripts.length = 0;
    super.teardown();
  }
}

module.exports = CodeCacheRuntime;
module.exports.default = CodeCacheRuntime;
