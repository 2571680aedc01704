import { useEffect, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { displayName } from '../../../lib/avatar';
import { formatDateBE } from '../../../lib/dates';
import { canSavePosition, type AdminItem } from './texts';
import { ta } from '../../../strings/access';

export interface RowActions {
  onPosition(a: AdminItem, position: string): Promise<boolean>;
  onStatus(a: AdminItem, isActive: boolean): void;
  onRevoke(a: AdminItem): void;
}

/** One admin: position edited inline, status toggle and revoke (both disabled on the signed-in admin's own row). */
export function AdminRow({ admin, self, busy, actions }: { admin: AdminItem; self: boolean; busy: boolean; actions: RowActions }) {
  const [draft, setDraft] = useState(admin.responsibility);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(admin.responsibility), [admin.responsibility]);
  const name = displayName(admin);
  const canSave = canSavePosition(draft, admin.responsibility) && !saving && !busy;
  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    const ok = await actions.onPosition(admin, draft.trim());
    setSaving(false);
    if (!ok) setDraft(admin.responsibility);
  };
  return (
    // data-label: the narrow layout shows each cell as a labelled line of a card (like the library's rows)
    <tr data-email={admin.email} aria-busy={busy || saving || undefined}>
      <td className="doc-name">
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          <Avatar name={name} photoUrl={admin.user_image} size={32} />
          <span>
            {name} {self && <span className="muted">{ta.you}</span>}
          </span>
        </span>
      </td>
      <td data-label={ta.cols.email}>{admin.email}</td>
      <td data-label={ta.cols.position}>
        <form
          style={{ display: 'flex', gap: 6, alignItems: 'center', minWidth: 220 }}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input
            type="text"
            value={draft}
            maxLength={200}
            aria-label={ta.positionLabel(admin.email)}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setDraft(admin.responsibility)}
            disabled={saving}
          />
          <button type="submit" className="btn btn-outline btn-sm" disabled={!canSave}>
            {ta.savePosition}
          </button>
        </form>
      </td>
      <td data-label={ta.cols.role}>
        {admin.role === 'admin' ? 'Admin' : 'User'}
        <div className="muted" data-source={admin.source}>
          {ta.source[admin.source]}
        </div>
      </td>
      <td data-label={ta.cols.status}>
        <label className="switch" title={self ? ta.selfHint : undefined}>
          <input
            type="checkbox"
            role="switch"
            checked={admin.status}
            disabled={self || busy}
            aria-label={ta.statusLabel(admin.email)}
            onChange={(e) => actions.onStatus(admin, e.target.checked)}
          />
          <span className="switch-track" aria-hidden="true" />
          <span className={admin.status ? 'ready-on' : 'ready-off'}>{admin.status ? ta.active : ta.inactive}</span>
        </label>
      </td>
      <td data-label={ta.cols.updated}>{formatDateBE(admin.updatedAt)}</td>
      <td className="doc-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm btn-danger-text"
          disabled={self || busy}
          title={self ? ta.selfHint : undefined}
          aria-label={ta.revokeLabel(admin.email)}
          onClick={() => actions.onRevoke(admin)}
        >
          {ta.revoke}
        </button>
      </td>
    </tr>
  );
}
