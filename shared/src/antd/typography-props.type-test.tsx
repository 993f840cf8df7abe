/**
 * The type check is the guard of what the portal's Typography leaves out (./typography.tsx): each
 * element below passes a prop it does not render, and must stay a type error. If one becomes
 * accepted, its `@ts-expect-error` is unused and `tsc -b` fails. Browser code gets `antd` as
 * ./as-built.ts, as this file does, so the same holds in every app. Nothing imports this file.
 */
import { Typography } from 'antd';

export const accepted = [<Typography.Text ellipsis>One line, cut with CSS</Typography.Text>];

export const refused = [
  // @ts-expect-error the copy button is left out
  <Typography.Text copyable>text</Typography.Text>,
  // @ts-expect-error the in-place editor is left out
  <Typography.Paragraph editable>text</Typography.Paragraph>,
  // @ts-expect-error actions are left out
  <Typography.Title actions={{}}>text</Typography.Title>,
  // @ts-expect-error an ellipsis that measures the text (rows, expanding, tooltip) is left out
  <Typography.Paragraph ellipsis={{ rows: 2 }}>text</Typography.Paragraph>,
  // @ts-expect-error a link's copy button too
  <Typography.Link copyable>text</Typography.Link>,
];
