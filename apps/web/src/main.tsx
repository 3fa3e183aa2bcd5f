import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/looks.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { installClientErrorReporting } from './lib/client-errors';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

installClientErrorReporting();
const router = createAppRouter();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
