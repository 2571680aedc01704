// The root route of the chat island: picks the guest or the signed-in chat and wires it to the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIslandProps } from './context';
import { ChatLayout } from './ChatLayout';
import { useGuestChat } from './hooks/useGuestChat';
import { useServerChat } from './hooks/useServerChat';
import { useServerRecents } from './hooks/useRecents';
import { chatIdOf, chatPath, initialPath, useChatPath } from './router';

export function ChatScreen() {
  const { mode } = useIslandProps();
  return mode === 'guest' ? <GuestChat /> : <MemberChat mode={mode} />;
}

function GuestChat() {
  const props = useIslandProps();
  const { user, initialMessage } = props;
  const { navigate } = useChatPath(initialPath(props));
  const [open, setOpen] = useState(false);
  const chat = useGuestChat();
  const sent = useRef(false);

  // ?message= from the landing search: sent once into an empty chat, then removed from the URL.
  useEffect(() => {
    if (sent.current || !initialMessage?.trim()) return;
    sent.current = true;
    navigate('/guest/chat', { replace: true });
    chat.send(initialMessage, [], false);
  }, [initialMessage, navigate, chat]);

  const items = chat.chats.map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt }));
  return (
    <ChatLayout
      mode="guest"
      user={user}
      engine={chat}
      recentsOpen={open}
      setRecentsOpen={setOpen}
      recents={{ items, error: null, onSelect: chat.select, onRename: chat.rename, onRemove: chat.remove }}
    />
  );
}

function MemberChat({ mode }: { mode: 'user' | 'admin' }) {
  const props = useIslandProps();
  const { user } = props;
  const { path, navigate } = useChatPath(initialPath(props));
  const [open, setOpen] = useState(false);
  const [bump, setBump] = useState(0);
  const go = useCallback((id: string | null) => navigate(chatPath(mode, id)), [navigate, mode]);
  const onChanged = useCallback(() => setBump((n) => n + 1), []);
  const chat = useServerChat(mode, chatIdOf(path), go, onChanged);
  const recents = useServerRecents(open, true, bump);
  return (
    <ChatLayout
      mode={mode}
      user={user}
      engine={chat}
      recentsOpen={open}
      setRecentsOpen={setOpen}
      recents={{
        items: recents.items,
        error: recents.error,
        onSelect: go,
        onRename: recents.rename,
        onRemove: async (id) => {
          if ((await recents.remove(id)) && id === chat.conversationId) chat.reset();
        },
      }}
    />
  );
}
