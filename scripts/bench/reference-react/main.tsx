// The bench's reference page: the smallest React 19 app (one component rendered with createRoot),
// built by the same Vite as ours, so the page-weight ratio says what our page adds over React itself.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
);
