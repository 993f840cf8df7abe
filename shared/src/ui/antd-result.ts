import { Result } from 'antd';

/** antd's Result on its own, for `StatusResult` to load on demand. */
export { Result };
