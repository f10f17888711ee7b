// The preload of the app's window. It runs sandboxed, so it is bundled into one CommonJS file
// (see vite.config.ts) and may require nothing but electron's renderer modules.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createShingleBridge } from './shingleBridge.ts';

contextBridge.exposeInMainWorld('shingle', createShingleBridge(ipcRenderer, webUtils));
