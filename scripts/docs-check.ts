// What keeps the README and docs/ true to the repository: every relative link and every path
// written in backticks names a file that exists, every `npm run X` names a script of package.json,
// and the README stays a page a newcomer reads in minutes. scripts/docs.test.ts runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const README_MAX_LINES = 300;

// a backticked text is taken for a repository path when it starts at one of these
const pathStart =
  /^(apps|packages|docs|scripts|e2e|bench|\.ci)\/|^(README\.md|package\.json|\.env\.example|vitest\.config\.ts|playwright\.config\.ts|eslint\.config\.js|tsconfig(\.base)?\.json)$/;
// a path with a placeholder or a wildcard in it names a family of files, not one
const placeholder = /[\s*{}<>:…$]/;

/** README.md and every Markdown file under docs/, as paths relative to the root. */
export function documentsOf(root: string): string[] {
  const under = (folder: string): string[] =>
    readdirSync(join(root, folder)).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(join(root, path)).isDirectory()) return under(path);
      return path.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...(existsSync(join(root, 'docs')) ? under('docs') : [])];
}

/** The text outside fenced code blocks, with each line's number kept. */
function proseLines(text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split('\n').flatMap((content, index) => {
    if (content.trimStart().startsWith('```')) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text: content }];
  });
}

/** The anchors a Markdown file's headings get, as GitHub makes them (lower case, punctuation dropped, spaces as hyphens). */
export function anchorsOf(text: string): string[] {
  return proseLines(text)
    .filter(({ text: content }) => /^#{1,6} /.test(content))
    .map(({ text: content }) =>
      content
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/ /g, '-'),
    );
}

/** Every way the documents disagree with the repository under root, one line each. */
export function docsProblems(root: string): string[] {
  const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: object }).scripts ?? {});
  const problems: string[] = [];
  for (const document of documentsOf(root)) {
    const text = readFileSync(join(root, document), 'utf8');
    const at = (line: number) => `${document}:${line}`;
    for (const { line, text: content } of proseLines(text)) {
      for (const [, target = ''] of content.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const [path = '', anchor] = target.split('#');
        const file = resolve(root, dirname(document), decodeURI(path));
        if (!existsSync(file)) problems.push(`${at(line)}: the link ${target} names ${relative(root, file)}, which does not exist`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).includes(anchor)) {
          problems.push(`${at(line)}: the link ${target} names a heading ${relative(root, file)} does not have`);
        }
      }
      for (const [, code = ''] of content.matchAll(/`([^`]+)`/g)) {
        if (!pathStart.test(code) || placeholder.test(code)) continue;
        if (!existsSync(join(root, code))) problems.push(`${at(line)}: the path ${code} does not exist`);
      }
    }
    // commands are checked in code blocks too: that is where most of them are
    text.split('\n').forEach((content, index) => {
      for (const [, script = ''] of content.matchAll(/npm run ([\w:-]+)/g)) {
        if (!scripts.includes(script)) problems.push(`${at(index + 1)}: npm run ${script} is not a script of package.json`);
      }
    });
  }
  const readmeLines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  if (readmeLines > README_MAX_LINES)
    problems.push(`README.md has ${readmeLines} lines, over ${README_MAX_LINES}: move the detail into docs/`);
  return problems;
}
