/** The online purchase journey's second step: trade-in and finance (Yes/No, both optional). */
import { RadioGroupField, type FormKit } from '../../ui/form-kit/index.ts';

export function OptionsStep({ kit }: { kit: FormKit }) {
  return (
    <>
      <RadioGroupField kit={kit} name="do-you-have-a-trade-in" label="Do you have a trade-in?" options={['Yes', 'No']} />
      <RadioGroupField kit={kit} name="finance" label="Do you need finance?" options={['Yes', 'No']} />
    </>
  );
}
