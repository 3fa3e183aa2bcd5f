import {
  formatCentsAsMoney,
  formatDecimalAsMoney,
  parseDecimalToCents,
} from '@portico/contracts/money/money';
import { statementMonthLabel } from '@portico/contracts/statements/statement-month';
import {
  payoutStatusLabels,
  ReconciliationText,
  StatementFiguresHeading,
  StatementFigureText,
  type StatementLineRow,
  type StatementRow,
  StatementText,
  statementDisclaimer,
  statementFigureKeys,
  statementNotesLine,
} from '@portico/contracts/statements/statements';
import PDFDocument from 'pdfkit';

// The PDF statement (landscape, orange table header #f6951e): the logo, the
// merchant and period, the summary grid with its total row, the month's totals, the figures with
// their definitions, net deposited reconciled with the payouts, the daily rows and the processor fees.
// Every amount is the one the API answers (contracts statementFiguresOf), so page and PDF agree. Built with pdfkit's standard fonts (no font files to ship).

export const pdfHeaderColor = '#f6951e';

export type StatementPdfInput = {
  merchantName: string;
  yearMonth: string;
  logo: Buffer | null;
  lines: readonly StatementLineRow[];
  statement: StatementRow | null;
  generatedAt: Date;
  // The texts of the statement notes, as the page's Notes line shows them.
  notes: readonly string[];
  support: { phone: string; email: string };
};

type Column = { title: string; width: number; align: 'left' | 'right' };

const margin = 36;
const rowHeight = 16;
const fontSize = 8.5;

function sumColumn(lines: readonly StatementLineRow[], pick: (line: StatementLineRow) => string): string {
  const total = lines.reduce((sum, line) => sum + (parseDecimalToCents(pick(line)) ?? 0), 0);
  return formatCentsAsMoney(total);
}

export function statementLineTotalsRow(lines: readonly StatementLineRow[]): string[] {
  return [
    'Total',
    '',
    String(lines.reduce((sum, line) => sum + line.transactions, 0)),
    sumColumn(lines, (l) => l.gross),
    sumColumn(lines, (l) => l.fees),
    sumColumn(lines, (l) => l.flatfee),
    sumColumn(lines, (l) => l.itemfee),
    sumColumn(lines, (l) => l.net),
  ];
}

export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin,
    info: {
      Title: `Statement ${input.merchantName} ${input.yearMonth}`,
      Author: 'Portico',
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const usable = doc.page.width - margin * 2;

  function ensureRoom(height: number) {
    if (doc.y + height > doc.page.height - margin) doc.addPage();
  }

  function table(columns: Column[], rows: string[][], boldLast = false) {
    const scale = usable / columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => c.width * scale);
    const drawRow = (cells: string[], isHeader: boolean, isBold: boolean) => {
      ensureRoom(rowHeight);
      const top = doc.y;
      if (isHeader) doc.rect(margin, top, usable, rowHeight).fill(pdfHeaderColor);
      doc.font(isHeader || isBold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
      doc.fillColor(isHeader ? '#ffffff' : '#222222');
      let x = margin;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        doc.text(cell, x + 3, top + 4, {
          width: width - 6,
          align: columns[i]?.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += width;
      });
      doc
        .moveTo(margin, top + rowHeight)
        .lineTo(margin + usable, top + rowHeight)
        .strokeColor('#dddddd')
        .stroke();
      doc.x = margin;
      doc.y = top + rowHeight;
    };
    drawRow(
      columns.map((c) => c.title),
      true,
      false,
    );
    rows.forEach((row, i) => {
      drawRow(row, false, boldLast && i === rows.length - 1);
    });
    doc.moveDown(0.8);
  }

  function caption(text: string) {
    ensureRoom(rowHeight);
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555').text(text, margin, doc.y, { width: usable });
    doc.moveDown(0.5);
  }

  function heading(text: string) {
    ensureRoom(rowHeight * 3);
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#222222').text(text, margin, doc.y);
    doc.moveDown(0.3);
  }

  // Header: logo, title, merchant and period.
  if (input.logo) doc.image(input.logo, margin, margin, { fit: [48, 48] });
  const headerX = input.logo ? margin + 60 : margin;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#222222').text(StatementText.PageTitle, headerX, margin);
  doc.font('Helvetica').fontSize(11).text(input.merchantName, headerX, doc.y);
  doc.text(`Period: ${statementMonthLabel(input.yearMonth)}`, headerX, doc.y);
  doc.x = margin;
  doc.y = Math.max(doc.y, margin + 56) + 8;

  const right = 'right' as const;
  const left = 'left' as const;
  heading('Summary');
  table(
    [
      { title: 'Type', width: 14, align: left },
      { title: 'Pricing', width: 12, align: left },
      { title: 'Transactions', width: 10, align: right },
      { title: 'Gross', width: 12, align: right },
      { title: 'Fees', width: 12, align: right },
      { title: 'Flat Fee', width: 10, align: right },
      { title: 'Item Fee', width: 10, align: right },
      { title: 'Net', width: 12, align: right },
    ],
    [
      ...input.lines.map((line) => [
        line.type,
        line.pricing ?? '',
        String(line.transactions),
        formatDecimalAsMoney(line.gross),
        formatDecimalAsMoney(line.fees),
        formatDecimalAsMoney(line.flatfee),
        formatDecimalAsMoney(line.itemfee),
        formatDecimalAsMoney(line.net),
      ]),
      statementLineTotalsRow(input.lines),
    ],
    true,
  );

  const statement = input.statement;
  if (statement) {
    heading('Month totals');
    table(
      [
        { title: 'Transactions', width: 10, align: right },
        { title: 'Total Amount', width: 12, align: right },
        { title: 'Total Fees', width: 12, align: right },
        { title: 'Adjustments', width: 12, align: right },
        { title: 'Chargebacks and Reversals', width: 16, align: right },
        { title: 'Net', width: 12, align: right },
      ],
      [
        [
          String(statement.total_transactions),
          formatDecimalAsMoney(statement.total_amount),
          formatDecimalAsMoney(statement.total_fees),
          formatDecimalAsMoney(statement.total_adjustments),
          formatDecimalAsMoney(statement.charge_backs_and_reversals_total),
          formatDecimalAsMoney(statement.net),
        ],
      ],
    );
    caption(
      `Total Amount is the ${StatementFigureText.gross.label}; Net and every figure are defined under ${StatementFiguresHeading}.`,
    );
    heading(StatementFiguresHeading);
    table(
      [
        { title: 'Figure', width: 18, align: left },
        { title: 'Amount', width: 12, align: right },
        { title: 'Definition', width: 60, align: left },
      ],
      statementFigureKeys.map((key) => [
        StatementFigureText[key].label,
        formatDecimalAsMoney(statement.figures[key]),
        StatementFigureText[key].definition,
      ]),
    );
    heading(ReconciliationText.Heading);
    const { reconciliation } = statement;
    table(
      [
        { title: 'Payout Date', width: 14, align: left },
        { title: 'Processor', width: 14, align: left },
        { title: 'Status', width: 12, align: left },
        { title: 'Amount', width: 14, align: right },
      ],
      [
        ...reconciliation.payouts.map((payout) => [
          payout.payout_date,
          payout.processor.toUpperCase(),
          payoutStatusLabels[payout.status] ?? payout.status,
          formatDecimalAsMoney(payout.amount),
        ]),
        [ReconciliationText.Pending, '', '', formatDecimalAsMoney(reconciliation.pending)],
        [ReconciliationText.Total, '', '', formatDecimalAsMoney(reconciliation.total)],
      ],
      true,
    );
    heading(StatementText.DailyTransactionsTab);
    table(
      [
        { title: 'Day', width: 12, align: left },
        { title: 'Transactions', width: 10, align: right },
        { title: 'Processed', width: 12, align: right },
        { title: 'Fees', width: 12, align: right },
        { title: 'Adjustments', width: 12, align: right },
        { title: 'Chargebacks', width: 12, align: right },
      ],
      statement.daily_transactions.map((day) => [
        day.transaction_day,
        String(day.total_transactions),
        formatDecimalAsMoney(day.total_processed),
        formatDecimalAsMoney(day.total_fees),
        formatDecimalAsMoney(day.total_adjustments),
        formatDecimalAsMoney(day.total_chargebacks),
      ]),
    );
    heading(StatementText.ProcessorFeesTab);
    table(
      [
        { title: 'Statement Date', width: 10, align: left },
        { title: 'Description', width: 22, align: left },
        { title: 'Items', width: 8, align: right },
        { title: 'Volume', width: 12, align: right },
        { title: 'Rate %', width: 8, align: right },
        { title: 'Per Item', width: 9, align: right },
        { title: 'Total', width: 12, align: right },
      ],
      statement.processor_fees.map((fee) => [
        fee.STATEMENT_DATE,
        fee.DETAIL_DESCRIPTION,
        String(fee.ITEM_COUNT),
        formatDecimalAsMoney(fee.VOLUME),
        fee.R_RATE1,
        formatDecimalAsMoney(fee.R_RATE2),
        formatDecimalAsMoney(fee.R_TOTAL),
      ]),
    );
  } else {
    doc.font('Helvetica').fontSize(10).fillColor('#222222').text(StatementText.NotPosted, margin, doc.y);
  }
  ensureRoom(rowHeight * 3);
  doc.font('Helvetica').fontSize(9).fillColor('#222222').text(statementNotesLine(input.notes), margin, doc.y);
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(statementDisclaimer(input.support), margin, doc.y);
  doc.end();
  return finished;
}
