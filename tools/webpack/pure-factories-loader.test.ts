import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';
import { markPureFactories } from './pure-factories-loader';

const DIST = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
const FILES = readdirSync(DIST).filter((file) => file.endsWith('.mjs'));

test('a top-level component or context is marked pure, and its name assignment goes', () => {
  const source = [
    'var Link = React10.forwardRef(function LinkWithRef() {});',
    'Link.displayName = "Link";',
    'var RouteContext = React.createContext(null);',
    'RouteContext.displayName = "Route";',
    'var MemoizedRoutes = React3.memo(Routes);',
    'function inner() {',
    '  var local = React.forwardRef(render);',
    '  local.displayName = "Local";',
    '}',
    'var history = createHistory();',
    '',
  ].join('\n');
  expect(markPureFactories(source)).toBe(
    [
      'var Link = /*#__PURE__*/ React10.forwardRef(function LinkWithRef() {});',
      'var RouteContext = /*#__PURE__*/ React.createContext(null);',
      'var MemoizedRoutes = /*#__PURE__*/ React3.memo(Routes);',
      'function inner() {',
      '  var local = React.forwardRef(render);',
      '  local.displayName = "Local";',
      '}',
      'var history = createHistory();',
      '',
    ].join('\n'),
  );
});

test("on the installed react-router's build: every top-level factory marked, no top-level name left, and it still parses", () => {
  const all = FILES.map((file) => readFileSync(path.join(DIST, file), 'utf8'));
  const factories = (text: string) => text.match(/^var [\w$]+ = React\d*\.(forwardRef|createContext|memo)\(/gm) ?? [];
  const names = (text: string) => text.match(/^[\w$]+\.displayName = /gm) ?? [];
  // The loader would quietly do nothing if react-router changed how it writes these: there are some.
  expect(all.flatMap(factories).length).toBeGreaterThan(10);
  expect(all.flatMap(names).length).toBeGreaterThan(10);
  FILES.forEach((file, index) => {
    const marked = markPureFactories(all[index]!);
    expect({ file, factories: factories(marked), names: names(marked) }).toEqual({ file, factories: [], names: [] });
    expect(() => parseSync(marked, { syntax: 'ecmascript' })).not.toThrow();
  });
});
