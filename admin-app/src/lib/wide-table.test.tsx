import { render, screen } from '@testing-library/react';
import { Table, type TableProps } from 'antd';
import { wideTable } from './wide-table';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 5 }, (_, at) => ({ id: `r${at}`, name: `Applicant ${at}` }));

/** How many times the table drew a cell of its first column, with the props given. */
function cellRenders(props: Partial<TableProps<Row>>): number {
  let renders = 0;
  render(
    <Table<Row>
      rowKey="id"
      dataSource={ROWS}
      pagination={false}
      columns={[
        {
          title: 'Applicant',
          dataIndex: 'name',
          render: (name: string) => {
            renders += 1;
            return name;
          },
        },
        { title: 'Role', key: 'role', render: () => 'Designer' },
      ]}
      {...props}
    />,
  );
  return renders;
}

test('a wide table draws each cell once, with no column measured', () => {
  expect(cellRenders(wideTable(1100))).toBe(ROWS.length);
  expect(document.querySelector('.ant-table-measure-row')).toBeNull();
  expect(screen.getByText('Applicant 4')).toBeInTheDocument();
});

test("antd's own sideways scroll renders a row that measures every column (why wideTable exists)", () => {
  // In a browser the measured widths then render every cell again, before anything is painted;
  // jsdom lays nothing out, so here only the measuring row shows it.
  cellRenders({ scroll: { x: 1100 } });
  expect(document.querySelector('.ant-table-measure-row')).not.toBeNull();
});

test.each([1100, 'max-content'] as const)(
  'a %s table scrolls sideways in its own box, as scroll.x makes it',
  (width) => {
    render(<Table<Row> rowKey="id" dataSource={ROWS} pagination={false} columns={[]} {...wideTable(width)} />);
    const table = screen.getByRole('table');
    expect(table.style.width).toBe(typeof width === 'number' ? `${width}px` : width);
    expect(table.style.minWidth).toBe('100%');
    expect(table.parentElement).toHaveStyle({ overflowX: 'auto' });
  },
);

test('the same width gives the same table element, so a re-render does not remount the table', () => {
  expect(wideTable(1100).components.table).toBe(wideTable(1100).components.table);
  expect(wideTable(1100).components.table).not.toBe(wideTable('max-content').components.table);
});
