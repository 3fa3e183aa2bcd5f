// The three Risk Information rules ('3x Std Dev', 'Over High Ticket', 'High Velocity') as
// pure functions. The SQL that lists flagged payments computes the same figures with window functions
// and applies the same comparisons; the check of one new payment calls these directly.

// A payment is judged against the merchant's payments of this many days before it.
export const stdDevTrailingDays = 30;
export const stdDevMultiplier = 3;
// Fewer earlier payments than this give no meaningful spread: the rule does not fire.
export const minPaymentsForStdDev = 10;
// 'High Velocity' counts the payments of the trailing hour, the payment itself included.
export const velocityWindowMinutes = 60;

export type RiskKind = 'std_dev' | 'high_ticket' | 'high_velocity';

export type TrailingStats = { count: number; meanCents: number; stdDevCents: number };

export function isAboveThreeStandardDeviations(amountCents: number, stats: TrailingStats): boolean {
  if (stats.count < minPaymentsForStdDev || stats.stdDevCents <= 0) return false;
  return amountCents > stats.meanCents + stdDevMultiplier * stats.stdDevCents;
}

export function isOverHighTicketLimit(amountCents: number, highTicketCents: number): boolean {
  return amountCents > highTicketCents;
}

export function isOverHourlyVelocityLimit(
  paymentsInTrailingHour: number,
  hourlyVelocityLimit: number,
): boolean {
  return paymentsInTrailingHour > hourlyVelocityLimit;
}

export type RiskLimits = { highTicketCents: number; hourlyVelocityLimit: number };

// Every rule one payment breaks, in the order of the tabs.
export function riskKindsOfPayment(input: {
  amountCents: number;
  trailing: TrailingStats;
  paymentsInTrailingHour: number;
  limits: RiskLimits;
}): RiskKind[] {
  const kinds: RiskKind[] = [];
  if (isAboveThreeStandardDeviations(input.amountCents, input.trailing)) kinds.push('std_dev');
  if (isOverHighTicketLimit(input.amountCents, input.limits.highTicketCents)) kinds.push('high_ticket');
  if (isOverHourlyVelocityLimit(input.paymentsInTrailingHour, input.limits.hourlyVelocityLimit)) {
    kinds.push('high_velocity');
  }
  return kinds;
}
