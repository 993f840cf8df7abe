import type { ComponentType } from 'react';
import type { TooltipProps } from 'antd/es/tooltip/index.js';
import { lazyPart } from './lazy-part';

/** Form.Item's label tooltip, loaded when a label first has one (antd-components.ts, ANTD_STAND_INS). */
const Tooltip: ComponentType<TooltipProps> = lazyPart<TooltipProps>(
  'FormLabelTooltip',
  async () => (await import('antd/es/tooltip/index.js')).default,
);
export default Tooltip;
