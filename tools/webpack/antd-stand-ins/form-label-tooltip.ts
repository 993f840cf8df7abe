/** What antd's Form.Item label renders for `tooltip` in the portal's build (antd-components.ts, ANTD_STAND_INS). */
export default function FormLabelTooltip(): never {
  throw new Error(
    "The portal's build gives antd's Form.Item label no tooltip: put the hint in the label or in `extra` instead of `tooltip`",
  );
}
