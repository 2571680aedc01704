// Files attached to a saved-conversation question. Checking and extraction are the assistant's (same
// limits as /api/chat); here the text goes into the stored query as "Content from {file name}" sections
// and each file's name and type are kept for the chips.
import type { AppContext } from '../../src/context';
import { fileList, readAttachments as extractAttachments } from '../assistant/attachments';
import type { AttachmentInfo } from './model';
import { composeQuery } from './query-text';

export interface ReadAttachments {
  infos: AttachmentInfo[];
  compose(userText: string): string;
}

function typeOf(file: File): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext) return ext;
  if (file.type === 'application/pdf') return 'pdf';
  if (file.type.includes('wordprocessingml')) return 'docx';
  return file.type.startsWith('text/') ? 'txt' : 'file';
}

/** `fields`: the multipart values of `files` and `files[]` (one file arrives bare, several as a list). */
export async function readAttachments(ctx: AppContext, fields: unknown[], signal?: AbortSignal): Promise<ReadAttachments> {
  const files = fields.flatMap((f) => fileList(f as File | File[] | undefined));
  const texts = files.length ? await extractAttachments(ctx, files, signal) : [];
  return {
    infos: files.map((f) => ({ name: (f.name || 'ไฟล์แนบ').slice(0, 200), type: typeOf(f) })),
    compose: (userText) => composeQuery(userText.normalize('NFC').trim(), texts),
  };
}
