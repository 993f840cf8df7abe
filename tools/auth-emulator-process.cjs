/**
 * The Firebase Auth emulator in a process of its own, started by tools/auth-emulator.ts:
 *
 *   node auth-emulator-process.cjs <config file> <project id> [<export folder to import>]
 *
 * It runs firebase-tools' own `AuthEmulator`, registered as `firebase emulators:start --only auth`
 * registers it, and imports an export the way that command's `--import` does. What it leaves out
 * is the command line around it: loading the CLI and every command, validating a firebase.json
 * against its schema, and the hub and logging emulators, which nothing here talks to. That was
 * about 1.6 of the 3.6 CPU seconds of each start (docs/decisions/auth-emulator-direct-start.md).
 *
 * The config file holds the address (`emulators.auth.host` and `.port`); its path on the command
 * line is how a later start recognises an emulator that a killed launcher left running.
 */
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { AuthEmulator, SingleProjectMode } = require('firebase-tools/lib/emulator/auth');
const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry');
const { Emulators } = require('firebase-tools/lib/emulator/types');

/** The printed line tools/auth-emulator.ts waits for: accounts imported and the port open. */
const READY = 'Auth emulator ready';

async function main() {
  const [configFile, projectId, exportDir] = process.argv.slice(2);
  if (!configFile || !projectId)
    throw new Error('Usage: auth-emulator-process.cjs <config file> <project id> [<export folder>]');
  const { host, port } = JSON.parse(readFileSync(configFile, 'utf8')).emulators.auth;
  const emulator = new AuthEmulator({ host, port, projectId, singleProjectMode: SingleProjectMode.WARNING });
  let stopping;
  const stop = () => {
    stopping ??= EmulatorRegistry.stop(Emulators.AUTH).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await EmulatorRegistry.start(emulator);
  if (exportDir) {
    // The export's metadata names the folder of the Auth emulator's part, as for `--import`.
    const metadata = JSON.parse(readFileSync(path.join(exportDir, 'firebase-export-metadata.json'), 'utf8'));
    const authDir = metadata.auth && path.resolve(exportDir, metadata.auth.path);
    if (authDir && existsSync(authDir)) await emulator.importData(authDir, projectId, { initiatedBy: 'start' });
  }
  process.stdout.write(`${READY} at http://${host}:${port}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
