/**
 * The collection notice in Hindi: the same notice as EN_NOTICE (collection-notice.ts), so
 * it keeps NOTICE_VERSION. Only the Hindi chunk of the widgets and the Hindi privacy page use it.
 */
import type { NoticeText } from './collection-notice.ts';

export const HI_NOTICE: NoticeText = {
  heading: 'हम आपकी जानकारी का इस्तेमाल कैसे करते हैं',
  stop: '।',
  collected: {
    society: 'हम आपका नाम, ईमेल, फ़ोन नंबर, सोसाइटी का नाम, शहर और (अगर आप बताएँ तो) आपका पद लेते हैं।',
    career: 'हम आपका नाम, ईमेल, फ़ोन नंबर, कॉलेज, कोर्स, पढ़ाई का साल, पसंदीदा भूमिका और आपका संदेश लेते हैं।',
  },
  purpose: {
    society: 'इनका इस्तेमाल हम सिर्फ़ आपकी सोसाइटी के लिए ऐप सेट करने के बारे में आपसे संपर्क करने के लिए करते हैं। यह फ़ॉर्म भेजकर आप इसके लिए सहमति देते हैं।',
    career: 'इनका इस्तेमाल हम सिर्फ़ आपका आवेदन देखने और उसके बारे में आपसे संपर्क करने के लिए करते हैं। यह फ़ॉर्म भेजकर आप इसके लिए सहमति देते हैं।',
  },
  retention: (period) => `भेजने के बाद हम इन्हें ${period} तक रखते हैं, फिर मिटा देते हैं।`,
  withdraw: (email) => `आप कभी भी अपनी सहमति वापस ले सकते हैं, या अपनी जानकारी देखने, सुधारने या मिटाने के लिए कह सकते हैं: बस ${email} पर लिखें।`,
  link: 'पूरी प्राइवेसी सूचना पढ़ें',
  newTab: 'नए टैब में खुलता है',
  period: { month: 'महीना', months: 'महीने', day: 'दिन', days: 'दिन' },
};
