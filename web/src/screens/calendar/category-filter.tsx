/** Shows one category's events only; every category is named in text. */
import { CategorySelect } from './category-select.tsx';

export function CategoryFilter({
  value,
  onChange,
}: {
  /** '' for every category. */
  value: string;
  onChange: (category: string) => void;
}) {
  return (
    <CategorySelect
      className="max-w-xs"
      label="Show category"
      noneLabel="All categories"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
