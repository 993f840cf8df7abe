/**
 * True in a local build (`npm start`, tests); replaced by a literal at build time by webpack's
 * DefinePlugin (tools/webpack/create-config.ts), so code behind `if (!__PORTAL_LOCAL_MODE__)` is
 * dropped from production bundles (the mailbox, the emulator connection, debugging hooks).
 */
declare const __PORTAL_LOCAL_MODE__: boolean;
