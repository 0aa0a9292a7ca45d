import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { env } from './env.ts';
import { ensureGuid, getContainer, miniProgramAgentOf, platformOf, sdkAuthOf, startTelegram } from './lib/container/index.ts';
import { configureRequestContext } from './lib/http/index.ts';
import { initI18n } from './lib/i18n/index.ts';
import { useGlobalStore } from './store/global.ts';
import './styles.css';

// §1, §2: where we run decides the languages (SDK default es-ES), the platform header and the chrome.
const container = getContainer();
void initI18n({ sdk: container.sdkView });
const guid = ensureGuid();
configureRequestContext({
  platform: () => platformOf(container),
  miniProgramAgent: () => miniProgramAgentOf(container, env.company, navigator.userAgent),
  sdkAuth: () => sdkAuthOf(useGlobalStore.getState().user, window.location.origin),
  guid: () => guid,
});
// The Telegram SDK is its own chunk, loaded only inside Telegram.
if (container.telegram) void startTelegram(container.telegram);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
