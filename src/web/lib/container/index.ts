export {
  ContainerKind,
  detectContainer,
  isSdkUser,
  chromeVisibility,
  platformOf,
  miniProgramAgentOf,
  sdkAuthOf,
  parseTelegramLaunch,
  readTelegramLaunch,
  TELEGRAM_LAUNCH_KEY,
  SDK_VIEW_KEY,
  type Container,
  type TelegramLaunch,
} from './detect.ts';
// telegram.ts (the Telegram container's setup) is imported on its own, only inside Telegram (main.tsx).
export { ensureGuid, newGuid, readCookie, GUID_COOKIE, GUID_COOKIE_DAYS } from './guid.ts';
export { getContainer, setContainer } from './current.ts';
