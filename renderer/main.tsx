// Starts the UI: finds the host's transport, builds the engine client and the store, feeds
// engine events into the store, and renders.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { eventNames } from '../shared/contract/engineContract.ts';
import { App } from './app/App.tsx';
import { NoEngine } from './app/NoEngine.tsx';
import { createEngineClient } from './engine/engineClient.ts';
import { findTransport } from './engine/transports.ts';
import { connectEngineEvents } from './store/engineEvents.ts';
import { createShingleStore } from './store/shingleStore.ts';
import { StoreContext } from './store/useShingle.ts';
import './styles/theme.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/setup.css';
import './styles/clusters.css';
import './styles/review.css';
import './styles/exactSummary.css';
import './styles/shortcutHelp.css';
import './styles/cleanup.css';
import './styles/history.css';
import './styles/folders.css';
import './styles/marks.css';

const root = createRoot(document.getElementById('root')!);
const transport = findTransport(window, eventNames);

if (!transport) {
  root.render(<NoEngine />);
} else {
  const engine = createEngineClient(transport, { onInvalidEvent: (error) => console.error(error) });
  const store = createShingleStore(engine, { dropToken: transport.dropToken?.bind(transport) });
  connectEngineEvents(engine, store);
  void store.getState().initialize();
  root.render(
    <StrictMode>
      <StoreContext value={store}>
        <App />
      </StoreContext>
    </StrictMode>,
  );
}
