/**
 * A passage's headings below its document's title (the chunker puts the title first): the sections and the clause it
 * sits in, which a citation names after "ตาม<title>". Empty for a passage with neither.
 */
export const sectionsOf = (hit: { headingPath: readonly string[]; title: string }): readonly string[] =>
  hit.headingPath[0] === hit.title ? hit.headingPath.slice(1) : hit.headingPath;

/**
 * A name as a reply writes it, on one line: a heading the chunker took from a table's header row keeps the tab between
 * its cells, and a wrapped heading its line break; in a citation ("ตาม…") and the references block they read as spaces.
 */
export const oneLine = (name: string): string => name.replace(/\s+/g, ' ').trim();
