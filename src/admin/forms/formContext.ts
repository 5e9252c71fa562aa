/** What every admin form hands its widgets through rjsf's formContext. */
export interface AdminFormContext {
  /** The record as the server last answered it (absent on create): masked secrets, stored image names. */
  record?: Record<string, unknown>;
}

/** The form context of a widget's registry, typed. */
export function adminFormContext(registry: { formContext?: unknown }): AdminFormContext {
  return (registry.formContext ?? {}) as AdminFormContext;
}
