// Grouping of the Recents list (chat.md §2): Today, Yesterday, then "Mon D, YY", newest first.
import { chatText } from '../../../strings/chat';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface RecentItem {
  id: string;
  title: string;
  updatedAt: string | number;
}

export interface RecentGroup {
  label: string;
  items: RecentItem[];
}

/** e.g. "Nov 3, 26" (local time). */
export function shortDate(d: Date): string {
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${String(d.getFullYear() % 100).padStart(2, '0')}`;
}

function dayStart(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function dayLabel(when: Date, now: Date): string {
  const diff = Math.round((dayStart(now) - dayStart(when)) / 86_400_000);
  if (diff <= 0) return chatText.today;
  if (diff === 1) return chatText.yesterday;
  return shortDate(when);
}

export function groupRecents(items: RecentItem[], now = new Date()): RecentGroup[] {
  const sorted = [...items].sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
  const groups: RecentGroup[] = [];
  for (const item of sorted) {
    const when = new Date(item.updatedAt);
    const label = Number.isNaN(when.getTime()) ? shortDate(now) : dayLabel(when, now);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** Topic ids may arrive wrapped in an object holding the id (chat.md §3). */
export function topicId(id: unknown): string {
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  if (id && typeof id === 'object') {
    const o = id as Record<string, unknown>;
    return topicId(o.id ?? o._id ?? o.conversationId ?? o.$oid ?? '');
  }
  return '';
}

/** The server's limit on a conversation title (modules/conversations TOPIC_MAX): the rename field never accepts more. */
export const TOPIC_MAX_LENGTH = 120;
