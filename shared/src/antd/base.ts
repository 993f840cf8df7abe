/**
 * The antd of the header and the signed-in landing page (the theme, its provider and buttons): a
 * federated singleton the shell provides (tools/webpack/antd-components.ts), so the first page of a
 * visit downloads none of the rest. Apps import these names from `antd`; the build rewrites that.
 */
export { Button, ConfigProvider, theme } from 'antd/es/index.js';
