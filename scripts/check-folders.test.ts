import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./check-folders.mjs', import.meta.url).pathname;
const table = [
  "## The API's layers",
  '',
  '| tier | folders and files | what they hold |',
  '| --- | --- | --- |',
  '| journeys | `checkout/` | paying |',
  '| platform | `jobs/` | the queue |',
  '',
  '## Next',
].join('\n');
let trees: string[] = [];

/** A made-up project: its files, then what the check prints and whether it passes. */
function check(files: Record<string, string>): { passed: boolean; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'folders-'));
  trees.push(root);
  for (const [path, text] of Object.entries({ 'docs/architecture.md': table, 'packages/core/src/money/index.ts': '', ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  try {
    return { passed: true, output: execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const failure = error as { stdout: string; stderr: string };
    return { passed: false, output: failure.stdout + failure.stderr };
  }
}

afterEach(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
  trees = [];
});

describe('the folders check of lint', () => {
  it('passes a tree whose imports go down the tiers', () => {
    const result = check({
      'apps/api/src/checkout/routes.ts': "import { enqueue } from '../jobs/queue.ts';",
      'apps/api/src/jobs/queue.ts': 'export const enqueue = 1;',
    });
    expect(result).toMatchObject({ passed: true });
    expect(result.output).toContain('none importing a tier above it');
  });

  it('fails an import of a tier above, naming the import', () => {
    const result = check({
      'apps/api/src/checkout/routes.ts': 'export const pay = 1;',
      'apps/api/src/jobs/queue.ts': "import { pay } from '../checkout/routes.ts';",
    });
    expect(result.passed).toBe(false);
    expect(result.output).toContain('jobs/ (platform) imports checkout/ (journeys), a tier above it');
    expect(result.output).toContain('jobs/queue.ts → ../checkout/routes.ts');
  });

  it('fails a folder the table does not place, and a name the table keeps for a folder gone', () => {
    const result = check({
      'apps/api/src/checkout/routes.ts': 'export const pay = 1;',
      'apps/api/src/clinics/routes.ts': "import '../checkout/routes.ts';",
    });
    expect(result.passed).toBe(false);
    expect(result.output).toContain('clinics/ is in no tier of the table in docs/architecture.md');
    expect(result.output).toContain('jobs/ is in the table in docs/architecture.md but not in apps/api/src');
  });

  it('fails a cycle within one tier', () => {
    const result = check({
      'apps/api/src/checkout/routes.ts': 'export const pay = 1;',
      'apps/api/src/jobs/queue.ts': "import '../jobs2/run.ts';",
      'apps/api/src/jobs2/run.ts': "import '../jobs/queue.ts';",
    });
    expect(result.passed).toBe(false);
    expect(result.output).toContain('import each other in a cycle: jobs/, jobs2/');
  });
});
