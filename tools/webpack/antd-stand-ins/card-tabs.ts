/** What antd's Card renders for `tabList` in the portal's build (antd-components.ts, ANTD_STAND_INS). */
export default function CardTabs(): never {
  throw new Error(
    "The portal's build gives antd's Card no tabs: render antd's Tabs inside the card instead of tabList",
  );
}
