/** The messages a form's check left next to its fields, by field name. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * The messages still shown after the member set `name` to a new value (`next` holds every
 * value after the edit). The edited field's own message goes: the member is fixing it. Another
 * field's message goes once `check` no longer finds that problem there, since a rule may name
 * two fields and be fixed through either: an end refused as before the start is fixed by moving
 * the start as much as the end. Nothing is checked while no other field shows a message.
 */
export function errorsAfterEdit<T>(
  shown: FieldErrors<T>,
  name: keyof T,
  next: T,
  check?: (values: T) => FieldErrors<T>,
): FieldErrors<T> {
  const others = (Object.keys(shown) as (keyof T)[]).filter((f) => f !== name && shown[f]);
  if (!shown[name] && (others.length === 0 || !check)) return shown;
  const found: FieldErrors<T> = others.length > 0 && check ? check(next) : {};
  const kept = others.filter((f) => !check || found[f] === shown[f]);
  if (!shown[name] && kept.length === others.length) return shown;
  return Object.fromEntries(kept.map((f) => [f, shown[f]])) as FieldErrors<T>;
}
