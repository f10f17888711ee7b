// React's view of the one store: components select single values (atomic selectors), so a
// progress event re-renders the progress bar and nothing else.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ShingleState, ShingleStore } from './storeTypes.ts';

export const StoreContext = createContext<ShingleStore | null>(null);

export function useShingleStore(): ShingleStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useShingle needs a StoreContext provider.');
  return store;
}

export function useShingle<T>(selector: (state: ShingleState) => T): T {
  return useStore(useShingleStore(), selector);
}
