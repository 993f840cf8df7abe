import { Button, Flex, Tooltip } from 'antd';

/**
 * A column title with its meaning one "?" away (hover or focus). In a sortable header the help opens
 * without sorting.
 */
export function HelpTitle({ title, help, label }: { title: string; help: string; label: string }) {
  return (
    <Flex gap={4} align="center" wrap={false}>
      {title}
      <Tooltip title={help}>
        <Button type="text" size="small" shape="circle" aria-label={label} onClick={(event) => event.stopPropagation()}>
          ?
        </Button>
      </Tooltip>
    </Flex>
  );
}
