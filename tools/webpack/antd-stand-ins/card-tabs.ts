import { lazyPart } from './lazy-part';

/** antd's Card's tabs (for `tabList`), loaded when a card first shows them (antd-components.ts, ANTD_STAND_INS). */
export default lazyPart('CardTabs', async () => (await import('antd/es/tabs/index.js')).default);
