import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docsProblems, README_MAX_LINES } from './docs-check.ts';

const root = resolve(import.meta.dirname, '..');

describe('the README and docs/', () => {
  it('name only files, links and scripts that exist, and the README stays short', () => {
    expect(docsProblems(root)).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('names every variable the environment schema reads', () => {
    const schema = readFileSync(join(root, 'apps/api/src/env.ts'), 'utf8');
    const variables = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name);
    expect(variables.length).toBeGreaterThan(40);
    const guide = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
    expect(variables.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the check', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  /** A repository of its own: a package.json with one script, a docs/guide.md, and the README given. */
  function repository(readme: string, guide = '# Guide\n'): string {
    const folder = mkdtempSync(join(tmpdir(), 'docs-check-'));
    made.push(folder);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ scripts: { build: 'vite build' } }));
    writeFileSync(join(folder, 'README.md'), readme);
    mkdirSync(join(folder, 'docs'));
    writeFileSync(join(folder, 'docs/guide.md'), guide);
    return folder;
  }

  it('accepts links, paths and scripts that exist, with anchors and code blocks', () => {
    const readme = '# Shop\n\nSee [the guide](docs/guide.md#guide), `docs/guide.md` and `npm run build`.\n\n```\nnot/a/path.md\n```\n';
    expect(docsProblems(repository(readme, '# Guide\n\nBack to [the README](../README.md).\n'))).toEqual([]);
  });

  it('finds a broken relative link, from the README and from a guide', () => {
    const problems = docsProblems(repository('[gone](docs/gone.md)\n', '[also gone](journeys/none.md)\n'));
    expect(problems).toEqual([
      'README.md:1: the link docs/gone.md names docs/gone.md, which does not exist',
      'docs/guide.md:1: the link journeys/none.md names docs/journeys/none.md, which does not exist',
    ]);
  });

  it('finds a link to a heading the file does not have', () => {
    const problems = docsProblems(
      repository('[ok](docs/guide.md#the-carts-rules) [not](docs/guide.md#payouts)\n', "# Guide\n\n## The cart's rules\n"),
    );
    expect(problems).toEqual(['README.md:1: the link docs/guide.md#payouts names a heading docs/guide.md does not have']);
  });

  it('finds a backticked path that does not exist, and leaves placeholders and outside links alone', () => {
    const readme = 'In `apps/api/src/foo.ts`; `docs/{name}.md`, `e2e/*.spec.ts` and [site](https://example.com) are fine.\n';
    expect(docsProblems(repository(readme))).toEqual(['README.md:1: the path apps/api/src/foo.ts does not exist']);
  });

  it('finds an npm script that package.json lacks, in prose and in code blocks', () => {
    const readme = 'Run `npm run lint`.\n\n```sh\nnpm run build && npm run deploy\n```\n';
    expect(docsProblems(repository(readme))).toEqual([
      'README.md:1: npm run lint is not a script of package.json',
      'README.md:4: npm run deploy is not a script of package.json',
    ]);
  });

  it(`finds a README over ${README_MAX_LINES} lines`, () => {
    const readme = Array.from({ length: README_MAX_LINES + 1 }, (_, index) => `line ${index}`).join('\n');
    expect(docsProblems(repository(readme))).toEqual([
      `README.md has ${README_MAX_LINES + 1} lines, over ${README_MAX_LINES}: move the detail into docs/`,
    ]);
    expect(docsProblems(repository(readme.split('\n').slice(1).join('\n')))).toEqual([]);
  });
});
