import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository stands on its own: every relative link and image of its markdown resolves to a
 * file inside it (and an `#anchor` into a markdown file to one of its headings), nothing points
 * outside it, and the README stays short enough to read in five minutes (docs/testing.md).
 */

const ROOT = path.resolve(__dirname, '..');
const README_MAX_BYTES = 12 * 1024;

function git(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** Every markdown file of the repository, committed or not yet (but not ignored), outside node_modules. */
function markdownFiles(): string[] {
  const listed = git(['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md']);
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return [...new Set(listed.stdout.split('\0').filter(Boolean))]
    .filter((file) => !file.split('/').includes('node_modules'))
    .filter((file) => existsSync(path.join(ROOT, file)))
    .sort();
}

/** The text without fenced code blocks and (unless `spans` is false) inline code spans: links there are not links. */
function withoutCode(markdown: string, { spans = true } = {}): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1]!.startsWith(fence)) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1]!;
      return '';
    }
    return line;
  });
  const text = kept.join('\n');
  return spans ? text.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)) : text;
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped except `-` and `_`, each space a `-`. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown file offers: one per heading (repeats numbered as GitHub does), and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  // A heading's code spans are part of its anchor (`npm test` → #npm-test).
  const text = withoutCode(markdown.replace(/\r\n/g, '\n'), { spans: false });
  for (const match of text.matchAll(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const slug = githubSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm;
const HTML_SOURCE = /<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g;

/** Every link and image destination of a markdown file, with its line. */
function linksOf(file: string, markdown: string): Link[] {
  const text = withoutCode(markdown.replace(/\r\n/g, '\n'));
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const links: Link[] = [];
  for (const pattern of [INLINE_LINK, REFERENCE_DEFINITION, HTML_SOURCE]) {
    for (const match of text.matchAll(pattern)) {
      const target = match[1]!.replace(/^<|>$/g, '');
      links.push({ file, line: lineAt(match.index), target });
    }
  }
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(absolute: string): Set<string> {
  let anchors = anchorCache.get(absolute);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(absolute, 'utf8'));
    anchorCache.set(absolute, anchors);
  }
  return anchors;
}

/** What is wrong with one link, or null when it resolves. */
function problemOf({ file, target }: Link): string | null {
  if (isExternal(target)) return null;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  if (pathPart.startsWith('/')) return 'is absolute: link relative to the file instead';
  const absolute = pathPart ? path.resolve(ROOT, path.dirname(file), pathPart) : path.join(ROOT, file);
  const relative = path.relative(ROOT, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 'points outside the repository';
  if (relative.split(path.sep).includes('node_modules')) return 'points into node_modules';
  if (!existsSync(absolute)) return `names ${relative}, which does not exist`;
  if (anchor !== null && anchor !== '') {
    if (statSync(absolute).isDirectory() || !absolute.endsWith('.md')) {
      return `has an anchor into ${relative}, which is not a markdown file`;
    }
    if (!anchorsOfFile(absolute).has(anchor)) return `names #${anchor}, which is no heading of ${relative}`;
  }
  return null;
}

describe('the documentation stands on its own', () => {
  const files = markdownFiles();

  it('finds the README and the docs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/product.md']));
  });

  it(`keeps the README within ${README_MAX_BYTES} bytes`, () => {
    expect(statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('resolves every relative link and image of every markdown file, anchors included', () => {
    const problems = files.flatMap((file) =>
      linksOf(file, readFileSync(path.join(ROOT, file), 'utf8')).flatMap((link) => {
        const problem = problemOf(link);
        return problem ? [`${link.file}:${link.line}: (${link.target}) ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('resolves every docs/… page and #anchor that the code names in its comments', () => {
    const found = git([
      'grep',
      '-n',
      '-o',
      '-I',
      '-E',
      '--untracked',
      '(^|[^A-Za-z0-9_./-])docs/[A-Za-z0-9_/.-]+\\.md(#[A-Za-z0-9_-]+)?',
      '--',
      '.',
      ':!*.md',
      ':!node_modules',
      ':!**/node_modules/**',
    ]);
    if (found.status !== 0 && found.status !== 1) throw new Error(`git grep failed: ${found.stderr}`);
    const problems = found.stdout
      .split('\n')
      .filter(Boolean)
      .flatMap((hit) => {
        const [, file, line, text] = /^(.*?):(\d+):(.*)$/.exec(hit)!;
        const target = text!.slice(text!.indexOf('docs/'));
        const problem = problemOf({ file: 'README.md', line: Number(line), target });
        return problem ? [`${file}:${line}: ${target} ${problem}`] : [];
      });
    expect(problems).toEqual([]);
  });

  it('refers to nothing outside the repository and to no tracker numbers', () => {
    // Built from pieces so that this file, which is left out anyway, never matches itself.
    const outside = ['\\.\\.', 'shared'].join('/');
    const patterns = [`${outside}/spec`, `${outside}/docs`, ['issue', '[0-9]'].join(' ')];
    const found = git([
      'grep',
      '-n',
      '-I',
      '--untracked',
      ...patterns.flatMap((pattern) => ['-e', pattern]),
      '--',
      '.',
      ':!node_modules',
      ':!**/node_modules/**',
      ':!tools/docs-links.test.ts',
    ]);
    // git grep answers 1 when nothing matches, 0 with matches, anything else on an error.
    if (found.status !== 0 && found.status !== 1) throw new Error(`git grep failed: ${found.stderr}`);
    expect(found.stdout.split('\n').filter(Boolean)).toEqual([]);
  });
});

describe('githubSlug', () => {
  it.each([
    ['Autosave', 'autosave'],
    ['1. Create and configure the project (once)', '1-create-and-configure-the-project-once'],
    ['`npm run test:quick`', 'npm-run-testquick'],
    ['Visible sections and rolesApplied', 'visible-sections-and-rolesapplied'],
    [
      'Ninth round, and what the seventh and eighth tried and left out',
      'ninth-round-and-what-the-seventh-and-eighth-tried-and-left-out',
    ],
    ['Forms, sections and questions', 'forms-sections-and-questions'],
  ])('%s → #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });
});
