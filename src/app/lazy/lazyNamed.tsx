import { type ComponentType, lazy, useState } from "react";

/** A component loaded on demand that can also be fetched ahead of its first render. */
export type LazyNamed<Props extends object> = ComponentType<Props> & {
  /** Fetches the module (when the page is idle, or on a pointer or focus nearing its trigger); never rejects. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a named export (or "default"), so that modules keep their named exports:
 * `const Dialog = lazyNamed(() => import("./Dialog"), "Dialog")`. The import becomes a chunk
 * of its own, requested the first time the component renders or by `Dialog.preload()`.
 *
 * Once the module has loaded, the component renders at once. React.lazy alone suspends on its
 * first render even then, and React holds back the content of a Suspense boundary for up to
 * 300 ms after its fallback showed (its fallback throttle): each menu, popover or drawer took
 * 330–400 ms to appear on its first opening, however fast its chunk arrived.
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyNamed<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loadComponent = async () => (loaded = (await load())[name]);
  let preloading: Promise<void> | undefined;
  const Lazy = lazy<ComponentType<Props>>(async () => ({ default: await loadComponent() }));
  function Component(props: Props) {
    // One element type for the life of the mount: switching types would remount what is inside.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  Component.displayName = `Lazy(${name})`;
  // A failed preload is forgotten: the render's own load then retries and reports the error.
  Component.preload = () =>
    (preloading ??= loadComponent().then(
      () => undefined,
      () => {
        preloading = undefined;
      },
    ));
  return Component;
}
