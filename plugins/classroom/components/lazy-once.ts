import { lazy, type ComponentType } from 'react'

type Load<Props> = () => Promise<{ readonly default: ComponentType<Props> }>

const made = new WeakMap<Load<never>, ComponentType<never>>()

/** One lazy component per contributed loader, made once (a new lazy() per render would load it again). */
export const lazyOnce = <Props>(load: Load<Props>): ComponentType<Props> => {
  let component = made.get(load as Load<never>) as ComponentType<Props> | undefined
  if (component === undefined) {
    component = lazy(load)
    made.set(load as Load<never>, component as ComponentType<never>)
  }
  return component
}
