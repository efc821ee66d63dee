/**
 * App-wide values that live outside React and are not kept across reloads (the re-login modal, the
 * toaster), on TanStack Store's atom, which the router already loads. Kept values use
 * `persistedStore` (./persisted-store.ts). These names remain only for the modules that import them;
 * they may as well import `createAtom` and `useSelector` directly.
 */
export { createAtom as createStore } from '@tanstack/store'
export { useSelector as useStore } from '@tanstack/react-store'
