/**
 * `npm run dev`: rebuilds the web app on change (vite build --watch) and restarts the server on
 * change (node --watch), so the page you reload is always what `npm start` would serve.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['vite', 'build', '--watch', '--mode', 'development'], { stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exit(code); } });
