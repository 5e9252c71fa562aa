import { type ComponentType, lazy, useState } from "react";

export interface Preloadable<Props extends object> {
  /** Renders the component, suspending while its module loads. */
  Component: ComponentType<Props>;
  /** Fetches the module ahead of the first render (when the page is idle, say). */
  preload(): Promise<void>;
}

/**
 * A lazily loaded component (a named export, or "default") that can be fetched before it is
 * first shown. Once its module has loaded, the component renders at once. React.lazy alone
 * suspends on its first render even then, and React holds back the content of a Suspense
 * boundary for up to 300 ms after its fallback showed (its fallback throttle): a drawer or
 * panel opened after the preload would still appear that late.
 */
export function preloadable<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
    });
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: (await load())[name] }));
  function Component(props: Props) {
    // One element type for the life of the mount: switching types would remount what is inside.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  Component.displayName = `Preloadable(${name})`;
  return { Component, preload };
}
