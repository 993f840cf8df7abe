/**
 * `antd` as browser code gets it, for the type checker and the component tests: each browser
 * project's tsconfig (`paths`) and jest's browser projects (`moduleNameMapper`) resolve `antd` to
 * this file. It has every type of antd, and as values only what the build shares: the two facades
 * (./base.ts, ./pages.ts, with the portal's own Typography) and the components shared one by one,
 * the export from antd's own index below: the build reads that list from here
 * (tools/webpack/antd-components.ts), so adding a component to it is all it takes. The validated
 * forms (sign-up, profile, the staff's editors) need Form; the log-in page is a plain form. So
 * importing a component the build would refuse is a type error, not a build
 * failure, and tests render the same Typography the browser does.
 */
export type * from 'antd/es/index.js';
export { Button, ConfigProvider, theme } from './base';
export { Alert, Card, Col, Flex, Grid, Input, Row, Typography } from './pages';
export {
  Checkbox,
  Collapse,
  DatePicker,
  Descriptions,
  Dropdown,
  Empty,
  Form,
  InputNumber,
  Mentions,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
} from 'antd/es/index.js';
