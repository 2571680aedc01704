// Props the server hands to islands. Plain data only: web code never imports server modules.
import type { PublicUser } from '../../contracts/auth';

/** The signed-in person (GET /api/profile/me). */
export type SessionUser = PublicUser;

export type ChatMode = 'guest' | 'user' | 'admin';

export interface ChatIslandProps {
  mode: ChatMode;
  user: SessionUser | null;
  chatId: string | null;
  initialMessage: string | null;
  /** questions are kept in the anonymous question log (QUESTION_LOG_DAYS > 0): the chat says so */
  questionLog?: boolean;
  /** hosts answers may link to (PUBLIC_URL's, ANSWER_LINK_HOSTS): other links in an answer show as text */
  answerLinkHosts?: string[];
}

export interface ConsoleIslandProps {
  user: SessionUser;
  /** the path the server rendered, e.g. /admin/management/view/abc */
  path: string;
}

export interface CallbackIslandProps {
  code: string | null;
  state: string | null;
}
