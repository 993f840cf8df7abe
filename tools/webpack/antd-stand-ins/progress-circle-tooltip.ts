/** What antd's Progress renders around a small circle in the portal's build (antd-components.ts, ANTD_STAND_INS). */
export default function ProgressCircleTooltip(): never {
  throw new Error("The portal's build gives antd's Progress no tooltip: its progress bars are lines, not circles");
}
