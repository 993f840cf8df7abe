import type { LoaderContext } from 'webpack';

/**
 * react-router's build makes its components and contexts at the top of its module
 * (`var Form = React10.forwardRef(...)`, `var FrameworkContext = React8.createContext(...)`) without
 * a `/*#__PURE__*\/` mark, then names each (`Form.displayName = "Form"`), so the minifier keeps
 * every one, used or not, with all it calls: framework mode's prefetching, `<Form>`, `<NavLink>`.
 * These calls make a value and change nothing else, and the names serve only React's developer
 * tools: marked pure and unnamed, an unused one drops out of the bundle (docs/decisions/router-link.md).
 */
const TOP_LEVEL_FACTORY = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";\n/gm;

export function markPureFactories(source: string): string {
  return source.replace(TOP_LEVEL_FACTORY, '$1/*#__PURE__*/ $2').replace(TOP_LEVEL_DISPLAY_NAME, '');
}

export default function pureFactoriesLoader(this: LoaderContext<unknown>, source: string): string {
  return markPureFactories(source);
}
