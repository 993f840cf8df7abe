import { Button, Flex, Typography } from 'antd';

/** "Previous page" / "Next page" over a cursor stack, and how many match in all. */
export function Pager({
  summary,
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
}: {
  /** What the list holds in all, e.g. "12 applications". */
  summary: string;
  hasPrevious: boolean;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text type="secondary">{summary}</Typography.Text>
      <Flex gap={8}>
        <Button disabled={!hasPrevious} onClick={onPrevious}>
          Previous page
        </Button>
        <Button disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
          Next page
        </Button>
      </Flex>
    </Flex>
  );
}
