import { useState } from 'react';
import { nationalPhoneNumber } from '../../../contract/lead-contract.ts';
import { whatsappNumber } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';

/** Call, WhatsApp and copy-email, big enough for a thumb between calls. */
export function Contact({ phone, email }: { phone: string; email: string }) {
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
      <a className="button" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
        {t.lead.call} <span className="contact-value">{phone}</span>
      </a>
      <a className="button" href={`https://wa.me/${whatsappNumber(nationalPhoneNumber(phone))}`} target="_blank" rel="noopener noreferrer">
        {t.lead.whatsapp}
      </a>
      <button type="button" className="button" onClick={copy}>
        {t.lead.copyEmail} <span className="contact-value">{email}</span>
      </button>
      <p className="sr-status" role="status">
        {copied ? t.lead.copied : ''}
      </p>
    </div>
  );
}
