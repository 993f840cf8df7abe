/**
 * Preloaded (`node --require`) into the Auth emulator's process by tools/auth-emulator.ts.
 *
 * The emulator serves its REST API through exegesis, which compiles a JSON-schema validator for
 * every operation of the Identity Toolkit spec before the port opens: about 7 of the 9 CPU seconds
 * an emulator start costs. exegesis has an option to compile each validator on its first use
 * (`lazyCompileValidationSchemas`); firebase-tools does not set it, so this sets it as the default
 * of exegesis's options. Requests are validated exactly as before, only later.
 * docs/decisions/auth-emulator-lazy-schemas.md says why and how to undo it.
 */
const firebaseTools = require.resolve('firebase-tools/package.json');
const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
const compileOptions = options.compileOptions;
if (typeof compileOptions !== 'function') {
  throw new Error('exegesis no longer exports compileOptions: see docs/decisions/auth-emulator-lazy-schemas.md');
}
options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
