import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// Styles load here only: Jest does not transform CSS, and components stay importable in tests.
import './styles/base.css';
import './styles/ui.css';
import './styles/app.css';
import './styles/japanese.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
