/** Reserve online, first step: the collection notice, the shopper's contact details and comments. */
import type { FormSiteConfig } from '../../../lib/forms/form-config.ts';
import { COMMENTS_MAX } from '../../../schemas/forms/fields.ts';
import { TextAreaField, type FormKit } from '../../ui/form-kit/index.ts';
import { CollectionNotice, ContactFields } from '../shared-fields.tsx';

export function DetailsStep({ kit, config }: { kit: FormKit; config: FormSiteConfig }) {
  return (
    <>
      <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose="reserve" />
      <ContactFields kit={kit} />
      <TextAreaField kit={kit} name="message" label="Comments" maxLength={COMMENTS_MAX} />
    </>
  );
}
