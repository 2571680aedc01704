// The stored original of an upload with reviewed text must still be a readable PDF; extraction checks it,
// and a refusal becomes the console's Thai error.
import { checkPdfReadable as checkReadable, ExtractionError } from '../extraction';
import { extractionAppError } from './extraction';

export async function checkPdfReadable(path: string): Promise<void> {
  try {
    await checkReadable(path);
  } catch (e) {
    if (e instanceof ExtractionError) throw extractionAppError(e);
    throw e;
  }
}
