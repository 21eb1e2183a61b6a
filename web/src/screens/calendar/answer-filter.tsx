/** Shows only the events the household still owes an answer; named in text, as the rows mark them. */
export function AnswerFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-scout-700"
      />
      Needs an answer
    </label>
  );
}
