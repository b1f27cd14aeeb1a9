import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oldNodeMessage, requiredNodeMajor } from './require-node.mjs';

const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  dependencies: { node: string };
};

describe('the Node.js an entry point accepts', () => {
  it('turns away an older Node with what to run instead', () => {
    const message = oldNodeMessage('v20.20.2');
    expect(message).toContain('Node.js 24 or later, and this is Node.js v20.20.2');
    expect(message).toContain('npm start');
    expect(message).toContain('node_modules/.bin/node');
    expect(oldNodeMessage('v22.22.0')).toBeDefined();
  });

  it('accepts the project’s Node and later ones', () => {
    expect(oldNodeMessage('v24.0.0')).toBeUndefined();
    expect(oldNodeMessage(`v${rootPackage.dependencies.node}`)).toBeUndefined();
    expect(oldNodeMessage('v26.1.0')).toBeUndefined();
  });

  it('asks for the major the project installs and declares', () => {
    expect(rootPackage.dependencies.node.split('.')[0]).toBe(String(requiredNodeMajor));
    expect(rootPackage.engines.node).toBe(`>=${requiredNodeMajor}`);
  });
});
