// A large CSV import in parts (issue 25): the file is split on record boundaries (a quoted field may hold line
// breaks), each part carries the header, and the server's line numbers of a part ("<line>.<column>", the header is
// line 1) are moved back to the file's. Pure: the import island and its tests use it.
export interface CsvChunk { text: string; /** Data rows of the file before this part. */ start: number; count: number }

/** The file's header and data records, as raw text (quotes kept), empty records dropped. */
export function csvRecords(text: string): { header: string; rows: string[] } {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      records.push(text.slice(start, i));
      if (c === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  records.push(text.slice(start));
  const [header = '', ...rest] = records;
  return { header: header.replace(/^\uFEFF/, ''), rows: rest.filter((r) => r.trim() !== '') };
}

/** The file in parts of at most `maxRows` data rows and about `maxBytes` characters, each with the header. */
export function csvChunks(text: string, maxRows = 250, maxBytes = 600_000): CsvChunk[] {
  const { header, rows } = csvRecords(text);
  const out: CsvChunk[] = [];
  let part: string[] = [];
  let size = 0;
  let start = 0;
  const flush = () => {
    if (!part.length) return;
    out.push({ text: `${header}\n${part.join('\n')}\n`, start, count: part.length });
    start += part.length;
    part = [];
    size = 0;
  };
  for (const r of rows) {
    if (part.length >= maxRows || (part.length && size + r.length > maxBytes)) flush();
    part.push(r);
    size += r.length + 1;
  }
  flush();
  return out;
}

/** A part's field keys ("<line>.<column>") as lines of the whole file. */
export function shiftLines<T>(fields: Record<string, T>, start: number): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => {
    const dot = k.indexOf('.');
    const line = Number(dot < 0 ? k : k.slice(0, dot));
    // Line 1 is the header, the same in every part.
    return [Number.isFinite(line) && line > 1 ? `${line + start}${dot < 0 ? '' : k.slice(dot)}` : k, v];
  }));
}
