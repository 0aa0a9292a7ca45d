import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { NotifyHosts } from '../components/ui/notify-hosts.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { initI18n } from '../lib/i18n/index.ts';
import '../styles.css';
import { LoginPage } from './login-page.tsx';

void initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={<PageLoading />}>
      <LoginPage />
      <NotifyHosts />
    </Suspense>
  </StrictMode>,
);
