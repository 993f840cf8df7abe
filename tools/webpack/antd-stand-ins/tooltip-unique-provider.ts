import { lazyPart } from './lazy-part';

/**
 * ConfigProvider's provider of one shared tooltip popup (`tooltip={{ unique: true }}`), loaded when
 * a ConfigProvider first asks for it (antd-components.ts, ANTD_STAND_INS). Until then its children
 * show as they are; once it has loaded they render inside it.
 */
export default lazyPart(
  'TooltipUniqueProvider',
  async () => (await import('antd/es/tooltip/UniqueProvider/index.js')).default,
);
