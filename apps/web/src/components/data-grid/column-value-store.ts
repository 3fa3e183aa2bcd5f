import type { CellValue, CellValueReader } from './cell-values.utils';

type ColumnReader<Row> = { value: (row: Row) => unknown; read: CellValueReader };
type ColumnValues = { values: CellValue[]; isRead: Uint8Array; isComplete: boolean };

// Cell values per column, in arrays indexed like the data: read cell by cell as rows come into
// view, or a whole column at once when a sort, filter or total needs it. One array per column
// instead of a cache object per row keeps 100,000 rows light for the garbage collector.
export class ColumnValueStore<Row> {
  private readonly columns = new Map<string, ColumnValues>();

  constructor(
    private readonly data: readonly Row[],
    private readonly readers: ReadonlyMap<string, ColumnReader<Row>>,
  ) {}

  private columnOf(columnId: string): ColumnValues {
    let column = this.columns.get(columnId);
    if (!column) {
      column = {
        values: new Array<CellValue>(this.data.length),
        isRead: new Uint8Array(this.data.length),
        isComplete: false,
      };
      this.columns.set(columnId, column);
    }
    return column;
  }

  private readRaw(columnId: string, row: Row): CellValue {
    const reader = this.readers.get(columnId);
    return reader ? reader.read(reader.value(row)) : undefined;
  }

  read(columnId: string, index: number): CellValue {
    const column = this.columnOf(columnId);
    if (column.isRead[index] === 1) return column.values[index];
    const row = this.data[index];
    const value = row === undefined ? undefined : this.readRaw(columnId, row);
    column.values[index] = value;
    column.isRead[index] = 1;
    return value;
  }

  // Every value of a column, read on first need.
  column(columnId: string): readonly CellValue[] {
    const column = this.columnOf(columnId);
    if (!column.isComplete) {
      const { values, isRead } = column;
      this.data.forEach((row, index) => {
        if (isRead[index] === 1) return;
        values[index] = this.readRaw(columnId, row);
        isRead[index] = 1;
      });
      column.isComplete = true;
    }
    return column.values;
  }
}
