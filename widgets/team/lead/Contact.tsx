import { useState } from 'react';
import { nationalPhoneNumber } from '../../../contract/lead-contract.ts';
import { telHref, whatsappNumber } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';

/** Call (in international form, +91…), WhatsApp and copy-email, in one row a thumb reaches; calling asks for the outcome at once. */
export function Contact({ phone, email, onCall }: { phone: string; email: string; onCall(): void }) {
  const t = useMessages();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="contact">
      <a className="button button-primary" href={telHref(phone)} onClick={onCall}>
        {t.lead.call}
      </a>
      <a className="button" href={`https://wa.me/${whatsappNumber(nationalPhoneNumber(phone))}`} target="_blank" rel="noopener noreferrer" onClick={onCall}>
        {t.lead.whatsapp}
      </a>
      <button type="button" className="button" onClick={copy}>
        {t.lead.copyEmail}
      </button>
      <p className="contact-values">
        <span>{phone}</span> <span>{email}</span>
      </p>
      <p className="sr-status" role="status">
        {copied ? t.lead.copied : ''}
      </p>
    </div>
  );
}
