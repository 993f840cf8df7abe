import { toNamePathStr as antdToNamePathStr } from 'antd/lib/form/hooks/useForm';
import { toNamePathStr } from './radio-group-name';

test('gives the same name as antd’s own function, for every form a field name takes', () => {
  const names: unknown[] = [undefined, false, 'role', 0, 3, ['answers', 'q1'], ['list', 0, 'name'], [], ''];
  for (const name of names) expect(toNamePathStr(name)).toBe(antdToNamePathStr(name as never));
});
