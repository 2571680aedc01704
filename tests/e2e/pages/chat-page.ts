// Page object of the chat island (guest, user and admin chat): what a person sees and does.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { Document, Packer, Paragraph } from 'docx';
import { chatText } from '../../../web/strings/chat';

/** Writes a small DOCX whose paragraphs are `lines`: attachment text no indexed document contains. */
export async function writeDocx(path: string, lines: string[]): Promise<string> {
  const doc = new Document({ sections: [{ children: lines.map((text) => new Paragraph({ text })) }] });
  writeFileSync(path, await Packer.toBuffer(doc));
  return path;
}

export class ChatPage {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.locator('#chat-input');
  }
  get assistantBubbles(): Locator {
    return this.page.locator('.msg-assistant');
  }
  get userBubbles(): Locator {
    return this.page.locator('.msg-user');
  }
  get lastAnswer(): Locator {
    return this.assistantBubbles.last();
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: chatText.stop });
  }
  get sendButton(): Locator {
    return this.page.getByRole('button', { name: chatText.send });
  }
  get recents(): Locator {
    return this.page.locator('#recents-panel');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.ready();
  }

  /** Hydrated: the island's script ran (the composer reacts to typing only then). */
  async ready(): Promise<void> {
    await this.page.locator('.chat[data-ready]').waitFor();
  }

  async ask(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  /** Waits for the last answer to finish (confidence line, draft, or an error/cancelled text). */
  async waitForAnswer(timeout = 30_000): Promise<Locator> {
    const last = this.lastAnswer;
    await last.locator('.confidence, .msg-error, .msg-cancelled, .draft-card').first().waitFor({ timeout });
    return last;
  }

  async chooseReferences(show: boolean): Promise<void> {
    await this.page.getByLabel(chatText.responseStyle).selectOption(show ? 'show' : 'hide');
  }

  async attach(path: string): Promise<void> {
    await this.page.locator('.composer input[type=file]').setInputFiles(path);
  }

  quickButton(name: string): Locator {
    return this.page.locator('.quick-actions').getByRole('button', { name, exact: true });
  }

  /** Clicks a download link as a person would and returns the downloaded file's name and bytes. */
  async download(link: Locator): Promise<{ name: string; bytes: Buffer }> {
    const [dl] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const path = await dl.path();
    return { name: dl.suggestedFilename(), bytes: readFileSync(path!) };
  }

  async openRecents(): Promise<Locator> {
    await this.page.getByRole('button', { name: chatText.openRecents }).click();
    await this.recents.waitFor();
    return this.recents;
  }

  recentItem(title: string | RegExp): Locator {
    return this.recents.locator('.recent-open', { hasText: title });
  }

  async rename(from: string | RegExp, to: string): Promise<void> {
    const item = this.recents.locator('.recent', { has: this.page.locator('.recent-open', { hasText: from }) });
    await item.getByRole('button', { name: /เปลี่ยนชื่อ/ }).click();
    const field = this.recents.getByLabel(chatText.renameField);
    await field.fill(to);
    await field.press('Enter');
  }

  async remove(title: string | RegExp): Promise<void> {
    const item = this.recents.locator('.recent', { has: this.page.locator('.recent-open', { hasText: title }) });
    await item.getByRole('button', { name: /^ลบ/ }).click();
    await this.page.locator('dialog[open]').getByRole('button', { name: chatText.deleteConfirm, exact: true }).click();
  }
}
