import { create } from 'zustand';

/** §3: "A common part is empty." Kept as its own slice so later shared state has a home. */
export const useCommonStore = create<Record<string, never>>()(() => ({}));
