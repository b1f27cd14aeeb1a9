// The shop runs on the Node.js that `npm install` brings with the project (the `node` package,
// docs/decisions/0058-node-24-from-the-registry.md); npm scripts put it first on PATH. An entry
// point started without npm may get the machine's older Node instead: importing this module first
// stops it there, with what to do, before a missing API fails somewhere deeper.
export const requiredNodeMajor = 24;

/** What to tell a person who started the project on `version` (process.version), or undefined. */
export function oldNodeMessage(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= requiredNodeMajor) return undefined;
  return [
    `This project runs on Node.js ${requiredNodeMajor} or later, and this is Node.js ${version}.`,
    `Start it through npm (npm start, npm test, npm run worker): npm runs the project's own Node.js ${requiredNodeMajor},`,
    'which npm install puts in node_modules/.bin. Without npm, run node_modules/.bin/node in place of node.',
  ].join('\n');
}

const message = oldNodeMessage(process.version);
if (message) {
  console.error(message);
  process.exit(1);
}
