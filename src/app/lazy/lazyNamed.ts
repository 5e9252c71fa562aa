import { type ComponentType, lazy, type LazyExoticComponent } from "react";

/**
 * React.lazy for a named export, so that modules keep their named exports:
 * `const Dialog = lazyNamed(() => import("./Dialog"), "Dialog")`. The import
 * becomes a chunk of its own, requested the first time the component renders.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
