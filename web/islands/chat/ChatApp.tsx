// The chat island (chat.md §2): guest, user and admin chat share this one implementation.
import type { ChatIslandProps } from '../types';
import { PropsContext } from './context';
import { ChatScreen } from './ChatScreen';

export function ChatApp(props: ChatIslandProps) {
  return (
    <PropsContext value={props}>
      <ChatScreen />
    </PropsContext>
  );
}
