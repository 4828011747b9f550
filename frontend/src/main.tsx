import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPlainCopy } from './lib/copy-text';
// Styles load here only: Jest does not transform CSS, and components stay importable in tests.
import './styles/base.css';
import './styles/ui.css';
import './styles/app.css';
import './styles/japanese.css';

// Copying a sentence gives it without its readings whatever the selection (Ctrl+A, a selection begun elsewhere).
installPlainCopy(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
