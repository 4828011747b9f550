import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPagePreload } from './app/page-preload';
import { createQueryClient } from './lib/query-client';
import { installPlainCopy } from './lib/copy-text';
// Styles load here only: Jest does not transform CSS, and components stay importable in tests.
import './styles/base.css';
import './styles/ui.css';
import './styles/app.css';
import './styles/japanese.css';

// Copying a sentence gives it without its readings whatever the selection (Ctrl+A, a selection begun elsewhere).
installPlainCopy(document);

// A course page's first screen was preloaded with index.html: its queries take that answer (app/page-preload.ts).
const queryClient = createQueryClient();
startPagePreload(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>,
);
