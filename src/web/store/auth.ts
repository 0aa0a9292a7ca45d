import { create } from 'zustand';

/** §3 auth slice: the current verification flow (empty at start). */
export type Flow = Record<string, unknown>;

interface AuthState {
  flow: Flow;
  setFlow: (flow: Flow) => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  flow: {},
  setFlow: (flow) => set({ flow }),
}));
