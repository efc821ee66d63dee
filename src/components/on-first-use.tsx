import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'

/**
 * A component whose code loads the first time it is drawn (React's `lazy`), for what a page's first
 * paint does not need: dialogs, confirm steps, menus, forms. `load` answers the component itself.
 */
export const lazyComponent = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
  lazy(async () => ({ default: await load() }))

type OnFirstUseProps = {
  /** Drawn from the first time this is true, and kept drawn after it turns false again. */
  used: boolean
  /** Shown while the code loads (nothing by default: a dialog appears when it is ready). */
  fallback?: ReactNode
  children: ReactNode
}

/**
 * Draws `children` (a `lazyComponent`) once it is first used and keeps it drawn afterwards, so a
 * dialog loaded on first use closes as it did when it was always there (its closing animation, and
 * focus going back to what opened it).
 */
export function OnFirstUse({ used, fallback = null, children }: OnFirstUseProps) {
  const [kept, setKept] = useState(used)
  if (used && !kept) setKept(true)
  if (!used && !kept) return null
  return <Suspense fallback={fallback}>{children}</Suspense>
}

const loadedModules = new WeakMap<() => Promise<unknown>, unknown>()

/**
 * What `load` answers (a module), once `wanted` has first been true and it has arrived; undefined
 * until then. For a control that must stay in place while the code it opens loads (a row's menu
 * button keeps focus until its menu can open): the caller draws its stand-in until this answers.
 * `load` must be one function for the whole app (declared at a module's top level): it keys the cache.
 */
export function useLoadedOnUse<Module>(load: () => Promise<Module>, wanted: boolean): Module | undefined {
  const [, arrived] = useState(0)
  useEffect(() => {
    if (!wanted || loadedModules.has(load)) return
    let mounted = true
    void load().then((module) => {
      loadedModules.set(load, module)
      if (mounted) arrived((count) => count + 1)
    })
    return () => {
      mounted = false
    }
  }, [load, wanted])
  return loadedModules.get(load) as Module | undefined
}
