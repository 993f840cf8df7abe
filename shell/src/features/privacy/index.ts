export {
  PrivacyNoticeField,
  PrivacyNoticeText,
  usePrivacyNoticeChanged,
  PRIVACY_NOTICE_FIELD,
} from './privacy-notice-field';
export { privacyNoticeQueryOptions } from './privacy-notice-api';
