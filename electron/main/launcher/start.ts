// npm start: build the renderer, the main process and the preload, then run the app.
import { buildElectron, buildRenderer } from './buildApp.ts';
import { findElectronBinary, MISSING_ELECTRON } from './electronBinary.ts';
import { exitWithElectron, runElectron } from './runElectron.ts';

// Checked before building: without the binary the build would only be thrown away.
const binary = findElectronBinary();
if (!binary) {
  process.stderr.write(`${MISSING_ELECTRON}\n`);
  process.exit(1);
}
await buildRenderer();
await buildElectron();
exitWithElectron(runElectron(binary));
