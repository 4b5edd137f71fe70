/** Instant offer: the lookup found several cars; the shopper picks one ('* Please choose one car.'). */
import type { FormKit } from '../../ui/form-kit/index.ts';

export function ChooseStep({ kit, candidates, noun = 'car' }: { kit: FormKit; candidates: readonly string[]; noun?: string }) {
  return (
    <fieldset className="field" aria-describedby={kit.errors.desc ? kit.errorId('desc') : undefined}>
      <legend>Which of these is your {noun}?</legend>
      <div className="candidate-list">
        {candidates.map((candidate, index) => (
          <label key={candidate}>
            {/* eslint-disable-next-line jsx-a11y-x/role-supports-aria-props -- aria-invalid on each radio is how screen readers announce the group's error here (forms e2e) */}
            <input
              type="radio"
              name={`${kit.formId}-desc`}
              id={index === 0 ? kit.fieldId('desc') : undefined}
              value={candidate}
              checked={kit.values.desc === candidate}
              onChange={() => kit.set('desc', candidate)}
              aria-invalid={kit.errors.desc ? true : undefined}
            />
            {candidate}
          </label>
        ))}
      </div>
      {kit.errors.desc && (
        <p className="field__error" id={kit.errorId('desc')}>
          {kit.errors.desc}
        </p>
      )}
    </fieldset>
  );
}
