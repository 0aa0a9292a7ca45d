// Runs before `npm start`, `npm test` and `npm run dev`, under whatever Node the npm scripts found:
// plain CommonJS, so that even an old Node can say in one line what to do instead of failing on
// TypeScript. Normally `node` is the Node.js 24 that `npm install` put into node_modules/.bin.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`user-accounts needs Node.js 24 (this is ${process.version}): run \`npm install\` again (it installs Node.js 24 from the npm package "node"), or install Node.js 24.`);
  process.exit(1);
}
