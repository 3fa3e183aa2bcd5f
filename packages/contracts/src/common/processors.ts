// Every processor a transaction, a cost model, a client's configuration or a location's MID
// override can name (the server's 'processor' enum), and how people read it.
export const processors = [
  'fis',
  'merchante',
  'bluesnap',
  'epx',
  'propay',
  'xpress',
  'curpay',
  'forumpay',
] as const;
export type ProcessorName = (typeof processors)[number];

export const processorLabels: Readonly<Record<ProcessorName, string>> = {
  fis: 'FIS',
  merchante: 'MerchantE',
  bluesnap: 'Bluesnap',
  epx: 'EPX',
  propay: 'ProPay',
  xpress: 'Xpress ACH',
  curpay: 'CurPay',
  forumpay: 'ForumPay',
};
