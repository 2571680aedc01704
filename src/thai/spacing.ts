// Thai runs words together, so a Thai word is written against a Thai name that follows it (ตามระเบียบ…,
// โครงการค่ายอาสา); a name in another script (a Latin file name, an English project name, a number) is set
// apart by a space, as a reader types it (ตาม regulation.pdf, โครงการ Smart Campus). Every place that puts a
// Thai word before a title or a name the user chose goes through here, so none of them prints "ตามregulation".

/** `word` followed by `name`: no space before a name that starts with a Thai letter, one space before anything else. */
export function beforeName(word: string, name: string): string {
  if (!name) return word;
  return /^[\u0e00-\u0e7f]/.test(name) ? `${word}${name}` : `${word} ${name}`;
}
