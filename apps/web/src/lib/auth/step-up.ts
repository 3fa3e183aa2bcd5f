// A sensitive action the server refused because the second factor was proved too long ago: the
// portal asks the person to prove it again (the step-up dialog registers itself here) and, once they
// did, the API client sends the refused call again. Calls refused together share one prompt.

// Resolves true once the person proved it, false when they cancelled.
export type StepUpPrompt = () => Promise<boolean>;

let registeredPrompt: StepUpPrompt | null = null;
let pending: Promise<boolean> | null = null;

// The dialog, while it is mounted; null when it goes.
export function registerStepUpPrompt(prompt: StepUpPrompt | null): void {
  registeredPrompt = prompt;
}

// Without a dialog mounted (a page outside the signed-in shell) nothing is asked.
export function askForStepUp(): Promise<boolean> {
  if (registeredPrompt === null) return Promise.resolve(false);
  if (pending === null) {
    pending = registeredPrompt().finally(() => {
      pending = null;
    });
  }
  return pending;
}
