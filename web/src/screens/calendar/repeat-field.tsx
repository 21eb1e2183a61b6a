import { useId } from 'react';
import { cx } from '../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import {
  nthWeekdayLabel,
  REPEAT_COUNT_MAX,
  WEEKDAY_CODES,
  WEEKDAY_NAMES,
  weekdayOf,
  type RepeatErrors,
  type RepeatKind,
  type RepeatValues,
} from './repeat-rule.ts';

/** Monday first, as the week reads in the troop's calendar. */
const WEEK = [...WEEKDAY_CODES.slice(1), WEEKDAY_CODES[0]];

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/**
 * The Repeat setting of the create dialog: how often, which weekdays, and when it ends. The
 * monthly choices are named from the start date ("on day 12", "on the 2nd Saturday").
 */
export function RepeatField({
  values,
  startDate,
  errors,
  onChange,
}: {
  values: RepeatValues;
  startDate: string;
  errors: RepeatErrors;
  onChange: (next: RepeatValues) => void;
}) {
  const id = useId();
  const set = (over: Partial<RepeatValues>) => onChange({ ...values, ...over });
  const startDay = weekdayOf(startDate);
  const nth = nthWeekdayLabel(startDate);
  const dayOfMonth = startDay ? Number(startDate.slice(8, 10)) : null;

  const chooseKind = (kind: RepeatKind) =>
    // Weekly starts on the start's own weekday, which the rule must include.
    set(
      kind === 'weekly' && values.weekdays.length === 0 && startDay
        ? { kind, weekdays: [startDay] }
        : { kind },
    );

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-kind`} className={fieldLabelClass}>
          Repeat
        </label>
        <select
          id={`${id}-kind`}
          name="repeat"
          value={values.kind}
          onChange={(e) => chooseKind(e.target.value as RepeatKind)}
          className={cx(fieldControlClass, 'cursor-pointer')}
        >
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthlyDate">
            {dayOfMonth ? `Monthly on day ${dayOfMonth}` : 'Monthly on the same date'}
          </option>
          <option value="monthlyWeekday">
            {nth ? `Monthly on the ${nth}` : 'Monthly on the same weekday'}
          </option>
        </select>
      </div>

      {values.kind === 'weekly' ? (
        <fieldset aria-describedby={errors.weekdays ? `${id}-weekdays-error` : undefined}>
          <legend className={fieldLabelClass}>Repeat on</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEK.map((code) => (
              <label
                key={code}
                className="flex cursor-pointer items-center gap-1.5 text-sm text-stone-800"
              >
                <input
                  type="checkbox"
                  name="weekdays"
                  value={code}
                  checked={values.weekdays.includes(code)}
                  onChange={(e) =>
                    set({
                      weekdays: e.target.checked
                        ? [...values.weekdays, code]
                        : values.weekdays.filter((c) => c !== code),
                    })
                  }
                  className="size-4 accent-scout-700"
                />
                {WEEKDAY_NAMES[code]}
              </label>
            ))}
          </div>
          <ErrorText id={`${id}-weekdays-error`} text={errors.weekdays} />
        </fieldset>
      ) : null}

      {values.kind !== 'none' ? (
        <fieldset>
          <legend className={fieldLabelClass}>Ends</legend>
          <div className="space-y-2 text-sm text-stone-800">
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="repeatEnd"
                value="never"
                checked={values.end === 'never'}
                onChange={() => set({ end: 'never' })}
                className="size-4 accent-scout-700"
              />
              Never
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="repeatEnd"
                  value="until"
                  checked={values.end === 'until'}
                  onChange={() => set({ end: 'until' })}
                  className="size-4 accent-scout-700"
                />
                On a date
              </label>
              {values.end === 'until' ? (
                <input
                  type="date"
                  name="repeatUntil"
                  aria-label="Last date of the series"
                  value={values.until}
                  onChange={(e) => set({ until: e.target.value })}
                  aria-invalid={errors.until ? true : undefined}
                  aria-describedby={errors.until ? `${id}-until-error` : undefined}
                  className={cx(fieldControlClass, 'w-auto')}
                />
              ) : null}
            </div>
            <ErrorText id={`${id}-until-error`} text={errors.until} />
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="repeatEnd"
                  value="count"
                  checked={values.end === 'count'}
                  onChange={() => set({ end: 'count' })}
                  className="size-4 accent-scout-700"
                />
                After a number of times
              </label>
              {values.end === 'count' ? (
                <input
                  type="number"
                  name="repeatCount"
                  aria-label="How many times"
                  min={1}
                  max={REPEAT_COUNT_MAX}
                  inputMode="numeric"
                  value={values.count}
                  onChange={(e) => set({ count: e.target.value })}
                  aria-invalid={errors.count ? true : undefined}
                  aria-describedby={errors.count ? `${id}-count-error` : undefined}
                  className={cx(fieldControlClass, 'w-28')}
                />
              ) : null}
            </div>
            <ErrorText id={`${id}-count-error`} text={errors.count} />
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
