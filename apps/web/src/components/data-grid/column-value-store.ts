import type { CellValue, CellValueReader } from './cell-values.utils';

type ColumnReader<Row> = { value: (row: Row) => unknown; read: CellValueReader };
// readCount: the first rows of the column are all read (a whole-column pass got that far).
type ColumnValues = { values: CellValue[]; isRead: Uint8Array; readCount: number };

// Cell values per column, in arrays indexed like the data: read cell by cell as rows come into
// view, or a whole column at once when a sort, filter or total needs it. One array per column
// instead of a cache object per row keeps 100,000 rows light for the garbage collector.
// Rows streamed in (Load All) are appended: values already read stay, only the new rows are read.
export class ColumnValueStore<Row> {
  private readonly columns = new Map<string, ColumnValues>();
  private readonly data: Row[];

  constructor(
    data: readonly Row[],
    private readonly readers: ReadonlyMap<string, ColumnReader<Row>>,
  ) {
    this.data = [...data];
  }

  get length(): number {
    return this.data.length;
  }

  // Whether rows starts with every row this store holds, in order (so it can take the rest).
  isPrefixOf(rows: readonly Row[]): boolean {
    if (rows.length < this.data.length) return false;
    for (let index = 0; index < this.data.length; index++) {
      if (rows[index] !== this.data[index]) return false;
    }
    return true;
  }

  // Takes the rows past the ones it holds; the caller checked isPrefixOf.
  appendFrom(rows: readonly Row[]): void {
    for (const row of rows.slice(this.data.length)) this.data.push(row);
  }

  private columnOf(columnId: string): ColumnValues {
    let column = this.columns.get(columnId);
    if (!column) {
      column = { values: [], isRead: new Uint8Array(this.data.length), readCount: 0 };
      this.columns.set(columnId, column);
    }
    if (column.isRead.length < this.data.length) {
      // Doubling: a long stream of appends copies the flags a logarithmic number of times.
      const grown = new Uint8Array(Math.max(this.data.length, column.isRead.length * 2));
      grown.set(column.isRead);
      column.isRead = grown;
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

  // Every value of a column, read on first need (rows appended since are read on the next call).
  column(columnId: string): readonly CellValue[] {
    const column = this.columnOf(columnId);
    const { values, isRead } = column;
    for (let index = column.readCount; index < this.data.length; index++) {
      const row = this.data[index];
      if (isRead[index] === 1 || row === undefined) continue;
      values[index] = this.readRaw(columnId, row);
      isRead[index] = 1;
    }
    column.readCount = this.data.length;
    return values;
  }
}
