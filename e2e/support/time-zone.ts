import { timeZoneName } from '@portal/shared/domain';
import { clientConfigFromEnv } from '../../tools/webpack/client-config';

/**
 * The zone the portal's pages show the demo form's times in: the chapter's, as the local build
 * sets it (the demo form names none of its own). The pages name it in words (`ZONE_IN_WORDS`).
 */
export const CHAPTER_TIME_ZONE = clientConfigFromEnv().chapter.timeZone ?? 'UTC';
export const ZONE_IN_WORDS = timeZoneName(CHAPTER_TIME_ZONE);
