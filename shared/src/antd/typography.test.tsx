import { createRef, type ReactNode } from 'react';
import { render } from '@testing-library/react';
// antd's own Typography, to compare with (`antd` is the portal's pieces here, as in the browser).
import { ConfigProvider, Typography as AntdTypography } from 'antd/es/index.js';
import { Typography } from './typography';

type Kind = 'Text' | 'Title' | 'Paragraph' | 'Link';

/** The props the portal passes its text, titles, paragraphs and links, one kind of prop per case. */
const CASES: [Kind, Record<string, unknown>, ReactNode][] = [
  ['Text', {}, 'Plain'],
  ['Text', { type: 'secondary' }, 'Secondary'],
  ['Text', { type: 'danger', strong: true }, 'Danger and strong'],
  ['Text', { type: 'success' }, 'Success'],
  ['Text', { type: 'warning', italic: true }, 'Warning'],
  ['Text', { code: true, mark: true, keyboard: true, underline: true, delete: true }, 'All the wrappers'],
  ['Text', { disabled: true, className: 'own', style: { fontSize: 12 }, id: 'the-id', role: 'status' }, 'Attributes'],
  ['Text', { 'aria-live': 'polite', title: 'A title', tabIndex: -1 }, 'Aria'],
  ['Text', { classNames: { root: 'semantic-root' }, styles: { root: { color: 'red' } } }, 'Semantic'],
  ['Text', {}, ['Two ', <b key="b">parts</b>, null, ' and a', <>fragment</>]],
  ['Text', { ellipsis: true, style: { maxWidth: '100%' } }, 'One line, cut'],
  ['Title', {}, 'Level one'],
  ['Title', { level: 2 }, 'Level two'],
  ['Title', { level: 3, type: 'secondary', style: { marginTop: 0 } }, 'Level three'],
  ['Title', { level: 4, id: 'section-title' }, 'Level four'],
  ['Title', { level: 5 }, 'Level five'],
  ['Paragraph', {}, 'A paragraph'],
  ['Paragraph', { type: 'secondary', strong: true, className: 'note' }, 'A secondary paragraph'],
  ['Link', { href: '/apply' }, 'A link'],
  ['Link', { href: 'https://example.com', target: '_blank' }, 'Opens a tab'],
  ['Link', { href: 'https://example.com', target: '_blank', rel: 'nofollow' }, 'Own rel'],
  ['Link', { disabled: true, type: 'danger' }, 'Disabled link'],
];

function antdElement(kind: Kind, props: Record<string, unknown>, children: ReactNode) {
  const Component = AntdTypography[kind] as (props: Record<string, unknown>) => ReactNode;
  return <Component {...props}>{children}</Component>;
}

function portalElement(kind: Kind, props: Record<string, unknown>, children: ReactNode) {
  const Component = Typography[kind] as (props: Record<string, unknown>) => ReactNode;
  return <Component {...props}>{children}</Component>;
}

describe('the portal’s Typography', () => {
  it.each(CASES)('renders %s %j as antd’s own does', (kind, props, children) => {
    const antd = render(antdElement(kind, props, children));
    const portal = render(portalElement(kind, props, children));
    expect(portal.container.innerHTML).toBe(antd.container.innerHTML);
    expect(portal.container.innerHTML).toContain('ant-typography');
  });

  it('follows the ConfigProvider’s prefix, direction and typography class as antd’s does', () => {
    const inProvider = (node: ReactNode) => (
      <ConfigProvider prefixCls="portal" direction="rtl" typography={{ className: 'from-provider' }}>
        {node}
      </ConfigProvider>
    );
    for (const kind of ['Text', 'Title', 'Paragraph', 'Link'] as const) {
      const antd = render(inProvider(antdElement(kind, { type: 'secondary' }, kind)));
      const portal = render(inProvider(portalElement(kind, { type: 'secondary' }, kind)));
      expect(portal.container.innerHTML).toBe(antd.container.innerHTML);
      expect(portal.container.innerHTML).toContain('portal-typography-rtl');
    }
  });

  it('hands its ref the element it renders', () => {
    const title = createRef<HTMLHeadingElement>();
    const text = createRef<HTMLSpanElement>();
    render(
      <>
        <Typography.Title level={2} ref={title}>
          Heading
        </Typography.Title>
        <Typography.Text ref={text}>Text</Typography.Text>
      </>,
    );
    expect(title.current?.tagName).toBe('H2');
    expect(text.current?.tagName).toBe('SPAN');
  });
});
