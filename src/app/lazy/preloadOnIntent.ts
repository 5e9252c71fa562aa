import type { LazyNamed } from "./lazyNamed";

/**
 * Event props for the trigger of a lazily loaded surface: its chunk is fetched when a pointer
 * enters the trigger, a finger touches it or the keyboard focuses it, so that by the click it
 * has usually arrived and the surface opens at once.
 */
export function preloadOnIntent(...components: Pick<LazyNamed<object>, "preload">[]) {
  const preload = () => {
    for (const component of components) void component.preload();
  };
  return { onPointerEnter: preload, onTouchStart: preload, onFocus: preload };
}
