import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertPrerendered, prerenderedFiles } from './check';

describe('the prerendered pages of a build', () => {
  it('are a page’s HTML and its data payload', () => {
    expect(prerenderedFiles('/')).toEqual(['index.html', '_.data']);
    expect(prerenderedFiles('/goal/sleep')).toEqual(['goal/sleep/index.html', 'goal/sleep.data']);
    expect(prerenderedFiles('/blog/')).toEqual(['blog/index.html', 'blog.data']);
  });

  it('fail the build with the specification’s message when a page asked for was not written', () => {
    const client = mkdtempSync(join(tmpdir(), 'prerendered-'));
    writeFileSync(join(client, 'index.html'), '<!doctype html>');
    writeFileSync(join(client, '_.data'), '[]');
    mkdirSync(join(client, 'about'));
    writeFileSync(join(client, 'about', 'index.html'), '<!doctype html>');
    writeFileSync(join(client, 'about.data'), '[]');
    mkdirSync(join(client, 'science'));
    writeFileSync(join(client, 'science', 'index.html'), '<!doctype html>');

    expect(() => assertPrerendered(client, ['/', '/about'])).not.toThrow();
    // its HTML without the payload a client-side navigation fetches is not a prerendered page either
    expect(() => assertPrerendered(client, ['/', '/science', '/about'])).toThrow('Route /science is not pre-rendered');
    expect(() => assertPrerendered(client, ['/terms'])).toThrow('Route /terms is not pre-rendered');
  });
});
