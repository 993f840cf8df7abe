/**
 * The antd nearly every signed-in page renders (the account pages' card and inputs, the layout of
 * the remotes' pages, their text and alerts): one federated singleton the shell provides
 * (tools/webpack/antd-components.ts), with the same module instances as the other pieces. Apps
 * import these names from `antd`; the build rewrites that. The rarer components are shared one by
 * one (listed in ./as-built.ts), so a page downloads them only if it renders them. Typography is
 * antd's without its ellipsis measuring, copy button and editor (./typography.tsx).
 */
export { Alert, Card, Col, Flex, Grid, Input, Row } from 'antd/es/index.js';
export { Typography } from './typography';
