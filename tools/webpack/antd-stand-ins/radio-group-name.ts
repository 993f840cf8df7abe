/**
 * What Radio.Group takes from Form's hooks module: the id of a group inside a Form.Item, its field
 * name joined by "_" (antd-components.ts, ANTD_STAND_INS). The same function as antd's
 * (`radio-group-name.test.ts` compares them); antd's module also holds Form's store and its
 * scrolling to a field, which a page with a radio group but no Form would download for it.
 */
export function toNamePathStr(name: unknown): string {
  const namePath: unknown[] = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return namePath.join('_');
}
