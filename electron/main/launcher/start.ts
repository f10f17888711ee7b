// npm start: get Electron if it is missing, build the renderer, the main process and the
// preload, then run the app.
import { buildElectron, buildRenderer } from './buildApp.ts';
import { ensureElectronBinary } from './electronBinary.ts';
import { exitWithElectron, runElectron } from './runElectron.ts';

// Before building: without the binary the build would only be thrown away.
const binary = await ensureElectronBinary();
await buildRenderer();
await buildElectron();
exitWithElectron(runElectron(binary));
