/** The team app's entry (pages/team/index.html): one React root in the page's <div id="team">. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './base.css';

createRoot(document.getElementById('team')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
