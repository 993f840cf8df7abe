/** What antd's theme.darkAlgorithm and compactAlgorithm are in the portal's build (antd-components.ts, ANTD_STAND_INS). */
export default function ThemeAlgorithm(): never {
  throw new Error("The portal's build has antd's default theme algorithm only: it has one light theme");
}
