import type { ComponentType } from 'react';
import type { TooltipProps } from 'antd/es/tooltip/index.js';
import { lazyPart } from './lazy-part';

/** The tooltip of a small Progress circle, loaded when one first shows (antd-components.ts, ANTD_STAND_INS). */
const Tooltip: ComponentType<TooltipProps> = lazyPart<TooltipProps>(
  'ProgressCircleTooltip',
  async () => (await import('antd/es/tooltip/index.js')).default,
);
export default Tooltip;
