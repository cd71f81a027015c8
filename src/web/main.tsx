// First: the order of the cascade layers (layers.css).
import './layers.css';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import './layout/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootLayout } from './layout/settings';
import { registerServiceWorker } from './lib/pwa';

// The stored layout settings (menu mode, colours) go on <html> before the first render.
bootLayout();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installable app's service worker, once the page has loaded (docs/decisions/021-installable-offline-app.md).
registerServiceWorker();
