/**
 * The one copy of antd a visit downloads. Every app keeps writing `import { Button } from 'antd'`;
 * Module Federation shares the request `antd` as a singleton whose provided module is this file
 * (tools/webpack/create-config.ts), so the shell and both remotes render from one antd with one
 * ConfigProvider context and one style cache, and the shared chunk carries only what is listed
 * here (antd's JavaScript is free of side effects, so the rest is tree-shaken). A name an app
 * imports must be listed: `antd-facade.test.ts` checks every import in the apps against this list.
 */
export {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Descriptions,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Result,
  Row,
  Skeleton,
  Space,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd/es/index.js';
