/**
 * 'Email Us' modal (spec §2): a button that opens a dialog with the dealer's e-mail address,
 * phone and a link to the enquiry form, so a visitor can write from their own mail app.
 */
import '../ui/marketing.css';
import Dialog, { DialogCloseButton, useDialog } from '../ui/Dialog.tsx';

interface Props {
  email: string;
  dealer: string;
  phone?: string;
  phoneHref?: string;
  /** Enquiry form page, e.g. /contact-us/eagle-farm. */
  contactHref: string;
}

export default function EmailUsModal({ email, dealer, phone, phoneHref, contactHref }: Props) {
  const dialog = useDialog();
  const subject = encodeURIComponent(`Enquiry for ${dealer}`);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => dialog.show()}>
        Email Us
      </button>
      <Dialog control={dialog} className="email-us" titleId="email-us-title">
        <h2 id="email-us-title">Email {dealer}</h2>
        <p>
          Write to us at <a href={`mailto:${email}?subject=${subject}`}>{email}</a> and we will reply within one business day.
        </p>
        {phone && phoneHref && (
          <p>
            Prefer to talk? Call <a href={phoneHref}>{phone}</a>.
          </p>
        )}
        <p>
          <a href={contactHref}>Or send an enquiry online</a>
        </p>
        <DialogCloseButton />
      </Dialog>
    </>
  );
}
