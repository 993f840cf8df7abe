import { render, renderHook, screen } from '@testing-library/react';
import { useStyleRegister } from '@ant-design/cssinjs';
import { Button } from 'antd';

// The shared jest set-up (tools/jest) speeds up things jsdom, Testing Library and antd do slowly;
// what the tests read of them must not change.

test("a label's control is the one element with its `for` id, in tree order among several, and nothing else", () => {
  document.body.innerHTML = `
    <label id="one" for="name">Name</label><input id="name">
    <label id="first" for="twice">Twice</label><span id="twice"></span><input id="twice">
    <label id="not-a-control" for="box">Box</label><div id="box"></div>
    <label id="missing" for="nowhere">Missing</label>
    <label id="wrapping">Wrapping <input id="inside"></label>
    <label id="hidden" for="secret">Hidden</label><input id="secret" type="hidden">
    <label id="empty" for="">Empty</label>`;
  const control = (id: string) => (document.getElementById(id) as HTMLLabelElement).control;
  expect(control('one')).toBe(document.getElementById('name'));
  expect(control('first')).toBeNull();
  expect(control('not-a-control')).toBeNull();
  expect(control('missing')).toBeNull();
  expect(control('wrapping')).toBe(document.getElementById('inside'));
  expect(control('hidden')).toBeNull();
  expect(control('empty')).toBeNull();

  document.getElementById('name')!.id = 'renamed';
  expect(control('one')).toBeNull();
  document.getElementById('renamed')!.id = 'name';
  expect(control('one')).toBe(document.getElementById('name'));
  expect(screen.getByLabelText('Name')).toBe(document.getElementById('name'));
  expect([...(document.getElementById('name') as HTMLInputElement).labels!]).toEqual([document.getElementById('one')]);

  const detached = document.createElement('div');
  detached.innerHTML = '<label for="far">Far</label><input id="far">';
  expect(detached.querySelector('label')!.control).toBe(detached.querySelector('input'));
  document.body.innerHTML = '';
});

test('a query that finds nothing still shows the page in its error, after retrying or at once', async () => {
  render(<p>Something else entirely</p>);
  await expect(screen.findByText('Not on the page', {}, { timeout: 200 })).rejects.toThrow(/Something else entirely/);
  expect(() => screen.getByText('Not on the page')).toThrow(/Something else entirely/);
});

test("antd builds no component style, and renders as it would with them: its class names, the theme's hash", () => {
  const style = jest.fn(() => ({ '.x': { color: 'red' } }));
  renderHook(() => useStyleRegister({ theme: undefined as never, token: {}, path: ['probe'], hashId: 'h' }, style));
  expect(style).not.toHaveBeenCalled();

  render(<Button type="primary">Save</Button>);
  const button = screen.getByRole('button', { name: 'Save' });
  expect(button).toHaveClass('ant-btn', 'ant-btn-primary');
  expect(button.className).toMatch(/\bcss-dev-only-do-not-override-\w+/);
  expect(document.querySelectorAll('style')).toHaveLength(0);
});
