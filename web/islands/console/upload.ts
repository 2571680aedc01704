// Upload with real byte progress. fetch() cannot report upload progress, so this one call uses
// XMLHttpRequest; errors become the same ApiError the rest of the console handles.
import { ApiError, goToLogin, TIMEOUTS } from '../../lib/api';
import { tc } from '../../strings/console';

export interface UploadData {
  fileName: string;
  description: string;
  category: string;
  isActive: boolean;
  fallbackContact: string;
  contents: string;
}

export interface UploadResult {
  fileId: string;
  id: string;
  status: string;
}

/**
 * The spec's 60 s upload timeout counts from the last byte of progress rather than from the start,
 * so a large file on a slow link is not cut off while it is still moving.
 */
export function uploadDocument(
  file: File,
  data: UploadData,
  onProgress: (loaded: number, total: number) => void,
  idleMs: number = TIMEOUTS.upload,
  /** '/api/files/{id}/replace' makes the file the next version of that document */
  path = '/api/files/upload',
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file);
    form.append('data', JSON.stringify(data));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        reject(new ApiError(0, 'Request timeout. The server took too long to respond.', 'timeout'));
      }, idleMs);
    };
    xhr.upload.onprogress = (e) => {
      arm();
      onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    };
    xhr.onerror = () => {
      clearTimeout(timer);
      reject(new ApiError(0, 'Unable to connect to server. Please check your connection.', 'network'));
    };
    xhr.onload = () => {
      clearTimeout(timer);
      let body: { status?: string; message?: string; code?: string; data?: UploadResult } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy error page is not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        const d = body.data;
        resolve({ ...d, fileId: d.fileId ?? d.id, id: d.id ?? d.fileId });
        return;
      }
      if (xhr.status === 401) goToLogin();
      const message = body?.message ?? tc.upload.errors[xhr.status] ?? `Server error ${xhr.status}`;
      reject(new ApiError(xhr.status, message, body?.code ?? `http_${xhr.status}`));
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    arm();
    xhr.send(form);
  });
}
