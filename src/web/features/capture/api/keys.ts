/** Query keys of the capture feature. */
export const captureKeys = {
  all: ['capture'] as const,
  handoff: (id: string) => ['capture', 'handoff', id] as const,
  phoneSession: () => ['capture', 'phone-session'] as const,
};
