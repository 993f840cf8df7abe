/**
 * The antd a signed-out landing page needs (the theme, its provider and buttons): a federated
 * singleton of its own, so the first page of a visit does not download the forms and feedback
 * components of `antd` (./index.ts). Same module instances as there: the shell's build provides
 * both, and its module cache holds one copy of each antd file.
 */
export { Button, ConfigProvider, theme } from 'antd/es/index.js';
