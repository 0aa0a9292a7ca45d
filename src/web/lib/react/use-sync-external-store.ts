/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. The router
 * (wouter) imports the shim for older Reacts; the build points it here (vite.config.ts), so the
 * first page does not carry the shim's fallback for a React it never runs on (decision 033).
 */
export { useSyncExternalStore } from 'react';
