// Apple Pay and Google Pay in the payment frame (the apple_pay and google_pay options). A real
// browser's wallet sheet does not exist in this build: the sandbox wallet stands in (README
// "Sandboxes"). Its sheet, drawn by the frame, holds two test cards; confirming one asks the sandbox
// gateway for a wallet token (issuer and last four of the card, good through December two years on),
// as a real wallet hands over a device token instead of the card number. No zod (frame bundle).

export const walletMethods = ['apple_pay', 'google_pay'] as const;
export type WalletMethod = (typeof walletMethods)[number];

export const walletLabels: Record<WalletMethod, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

export const sandboxWalletCards = [
  { issuer: 'VISA', last4: '1117', label: 'Visa •••• 1117' },
  { issuer: 'MC', last4: '4444', label: 'Mastercard •••• 4444' },
] as const;
export type SandboxWalletIssuer = (typeof sandboxWalletCards)[number]['issuer'];

export function isWalletMethod(method: string): method is WalletMethod {
  return walletMethods.some((wallet) => wallet === method);
}
