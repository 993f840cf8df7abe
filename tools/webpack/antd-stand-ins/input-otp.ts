import { lazyPart } from './lazy-part';

/** antd's Input.OTP, loaded when a page first renders one (antd-components.ts, ANTD_STAND_INS). */
export default lazyPart('InputOtp', async () => (await import('antd/es/input/OTP/index.js')).default);
