import type { LoaderContext } from 'webpack';
import { rewriteAntdImports } from './antd-components';

/** Runs after swc: each app's `import { X } from 'antd'` becomes X's own module (antd-components.ts). */
export default function antdImportsLoader(
  this: LoaderContext<{ extraComponents?: readonly string[] }>,
  source: string,
): string {
  return rewriteAntdImports(source, this.resourcePath, this.getOptions().extraComponents ?? []);
}
