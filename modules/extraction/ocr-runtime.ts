// Where OCR workers find their script and language data. By default: tesseract.js's own worker script
// and the @tesseract.js-data packages. The single binary registers a locator for the copies it carries
// (src/embedded.ts), because worker threads and the language loader read real files.
export interface OcrFiles {
  /** worker script; omitted = tesseract.js's default */
  workerPath?: string;
  /** directory holding <lang>.traineddata.gz for every language */
  langPath: string;
}

export type OcrFilesLocator = () => Promise<OcrFiles>;

let locator: OcrFilesLocator | null = null;

export function registerOcrFiles(next: OcrFilesLocator | null): void {
  locator = next;
}

export function registeredOcrFiles(): OcrFilesLocator | null {
  return locator;
}
