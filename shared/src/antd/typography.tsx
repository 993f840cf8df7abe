import { createElement, forwardRef, type ReactNode, type Ref } from 'react';
import { clsx } from 'clsx';
import type { LinkProps } from 'antd/es/typography/Link';
import type { ParagraphProps } from 'antd/es/typography/Paragraph';
import type { TextProps } from 'antd/es/typography/Text';
import type { TitleProps } from 'antd/es/typography/Title';
import TypographyRoot, { InternalTypography } from 'antd/es/typography/Typography.js';
import { useTypographySemantic } from 'antd/es/typography/hooks/useTypographySemantic.js';

/**
 * antd's Typography without what the portal never asks of it: every `Typography.Text`, `Title`,
 * `Paragraph` and `Link` goes through antd's `Base`, which carries the ellipsis measuring, the
 * copy button and the in-place editor (their tooltip, text area and icons) whether or not a page
 * asks for them. These four render what antd's render for the props the portal passes (the same
 * element, class names, semantic class names and styles, and decoration wrappers), on antd's own
 * `InternalTypography` and its styles; `typography.test.tsx` compares their markup with antd's for
 * each kind of prop. `ellipsis` is honoured as `true` only: one line cut with CSS, as antd does it in
 * every browser (no rows, expanding, tooltip or suffix, which measure the text in script). What they
 * leave out (`copyable`, `editable`, `actions`, an `ellipsis` object) their props' types leave out:
 * browser code gets `antd` as ./as-built.ts, so passing one is a type error (`typography-props.tsx`
 * holds one of each, and the type check fails if any of them becomes accepted).
 */
type Unsupported = 'copyable' | 'editable' | 'actions' | 'ellipsis';
type PortalProps<Props> = Omit<Props, Unsupported> & { ellipsis?: boolean };

type AnyTypographyProps = ParagraphProps & { component: keyof React.JSX.IntrinsicElements };

/** antd's `wrapperDecorations`: the same tags, nested in the same order. */
function decorate(props: AnyTypographyProps, content: ReactNode): ReactNode {
  let current = content;
  const wrap = (tag: string, needed: unknown) => {
    if (needed) current = createElement(tag, {}, current);
  };
  wrap('strong', props.strong);
  wrap('u', props.underline);
  wrap('del', props.delete);
  wrap('code', props.code);
  wrap('mark', props.mark);
  wrap('kbd', props.keyboard);
  wrap('i', props.italic);
  return current;
}

const Base = forwardRef(function Base(props: AnyTypographyProps, ref: Ref<HTMLElement>) {
  const {
    prefixCls: customizePrefixCls,
    className,
    classNames,
    styles,
    direction: typographyDirection,
    type,
    disabled,
    ellipsis,
    children,
    component,
    title,
    // Decorations: wrappers, not attributes.
    delete: _delete,
    mark: _mark,
    code: _code,
    underline: _underline,
    strong: _strong,
    keyboard: _keyboard,
    italic: _italic,
    ...rest
  } = props;
  const [mergedClassNames, mergedStyles, prefixCls, direction] = useTypographySemantic(
    customizePrefixCls,
    classNames,
    styles,
    typographyDirection,
    props,
  );
  return (
    <InternalTypography
      title={title}
      {...rest}
      ref={ref}
      className={clsx(
        {
          [`${prefixCls}-${type}`]: type,
          [`${prefixCls}-disabled`]: disabled,
          [`${prefixCls}-ellipsis`]: ellipsis === true,
          [`${prefixCls}-ellipsis-single-line`]: ellipsis === true,
          [`${prefixCls}-link`]: component === 'a',
        },
        className,
      )}
      classNames={mergedClassNames}
      styles={mergedStyles}
      prefixCls={prefixCls}
      component={component}
      direction={direction}
    >
      {decorate(props, children)}
    </InternalTypography>
  );
});

const TITLE_LEVELS = [1, 2, 3, 4, 5];

const Text = forwardRef<HTMLSpanElement, PortalProps<TextProps>>(function Text(props, ref) {
  return <Base {...(props as AnyTypographyProps)} ref={ref} component="span" />;
});

const Title = forwardRef<HTMLHeadingElement, PortalProps<TitleProps>>(function Title({ level = 1, ...props }, ref) {
  return (
    <Base {...(props as AnyTypographyProps)} ref={ref} component={TITLE_LEVELS.includes(level) ? `h${level}` : 'h1'} />
  );
});

const Paragraph = forwardRef<HTMLElement, PortalProps<ParagraphProps>>(function Paragraph(props, ref) {
  return <Base {...(props as AnyTypographyProps)} ref={ref} component="div" />;
});

const Link = forwardRef<HTMLElement, PortalProps<LinkProps> & { navigate?: unknown }>(function Link(
  { rel, navigate: _navigate, ...props },
  ref,
) {
  return (
    <Base
      {...(props as AnyTypographyProps)}
      rel={rel === undefined && props.target === '_blank' ? 'noopener noreferrer' : rel}
      ref={ref}
      component="a"
    />
  );
});

export const Typography = Object.assign(
  forwardRef<HTMLElement, AnyTypographyProps>(function Typography(props, ref) {
    return <TypographyRoot {...props} ref={ref} />;
  }),
  { Text, Title, Paragraph, Link },
);
