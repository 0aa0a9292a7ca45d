/**
 * `npm run dev`: rebuilds the web app on change (vite build --watch) and restarts the server on
 * change (node --watch), so the page you reload is always what `npm start` would serve.
 */
import { spawn } from 'node:child_process';

const children = [
  // NODE_ENV too: `--mode development` alone still bundles React's production build, in which
  // StrictMode checks nothing (decision 033).
  spawn('npx', ['vite', 'build', '--watch', '--mode', 'development'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exit(code); } });
