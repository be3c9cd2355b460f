// First, before any schema parses: see the module.
import './zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// Order matters: the narrow-screen rules in layout.css override the catalogue's.
import './styles/theme.css';
import './styles/base.css';
import './styles/catalogue.css';
import './styles/keys.css';
import './styles/history.css';
import './styles/usage.css';
import './styles/layout.css';
import './styles/motion.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
