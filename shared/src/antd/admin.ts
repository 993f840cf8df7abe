/**
 * The antd components only the admin remote renders (tables, pickers, tabs): a second federated
 * singleton, provided by the shell's build so it shares antd's internals (theme, ConfigProvider
 * context, style cache) with `antd` (./index.ts), yet downloaded only when a staff page needs it.
 */
export {
  Collapse,
  DatePicker,
  Dropdown,
  InputNumber,
  Segmented,
  Select,
  Switch,
  Table,
  Tabs,
  Tooltip,
} from 'antd/es/index.js';
