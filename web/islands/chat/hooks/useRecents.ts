// The Recents list (chat.md §2): server topics for signed-in users, refreshed every 5 s while open.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { chatText } from '../../../strings/chat';
import { topicId, type RecentItem } from '../logic/recents';

export const RECENTS_REFRESH_MS = 5000;

interface Topic {
  id: unknown;
  topic?: string;
  title?: string;
  updatedAt: string | number;
}

export interface RecentsSource {
  items: RecentItem[] | null;
  error: string | null;
  rename(id: string, title: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  refresh(): void;
}

export function useServerRecents(open: boolean, enabled: boolean, bump: number): RecentsSource {
  const [items, setItems] = useState<RecentItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const list = await api<Topic[]>('/api/conversations/topics');
      setItems(
        (Array.isArray(list) ? list : [])
          .map((t) => ({ id: topicId(t.id), title: t.topic || t.title || chatText.defaultTopic, updatedAt: t.updatedAt }))
          .filter((t) => t.id),
      );
      setError(null);
    } catch {
      setError(chatText.loadFailedRecents);
    }
  }, []);

  useEffect(() => {
    if (!enabled || !open) return;
    void refresh();
    const t = setInterval(() => void refresh(), RECENTS_REFRESH_MS);
    return () => clearInterval(t);
  }, [enabled, open, refresh, bump]);

  const rename = useCallback(async (id: string, title: string) => {
    try {
      await api(`/api/conversations/${encodeURIComponent(id)}/topic/rename`, { method: 'PATCH', json: { topic: title } });
      setItems((list) => list?.map((i) => (i.id === id ? { ...i, title } : i)) ?? list);
      return true;
    } catch {
      setError(chatText.errRename);
      return false;
    }
  }, []);

  const remove = useCallback(async (id: string) => {
    try {
      await api(`/api/conversations/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
      setItems((list) => list?.filter((i) => i.id !== id) ?? list);
      return true;
    } catch {
      setError(chatText.errDelete);
      return false;
    }
  }, []);

  return { items, error, rename, remove, refresh: () => void refresh() };
}
