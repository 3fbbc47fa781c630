// A body read line by line as its bytes arrive (JSONL): only the line being read is held, and a line longer
// than the caller's limit ends the read with LineTooLongError naming it, instead of growing without bound.

/** A line (its number counted from 1) was longer than `maxBytes` bytes before its end. */
export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
  constructor(
    readonly lineNumber: number,
    readonly maxBytes: number,
  ) {
    super(`Line ${lineNumber} is longer than ${maxBytes} bytes.`);
  }
}

export type Line = { number: number; text: string };

/** The lines of a UTF-8 body, without their "\n" (or "\r\n"); a last line without one is a line too. */
export async function* linesOf(chunks: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Line> {
  // The start of the line being read, in pieces, while no newline has come.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  const take = (tail: Buffer): Line => {
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    number += 1;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    return { number, text: bytes.toString('utf8', 0, end) };
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline >= 0; newline = chunk.indexOf(0x0a, start)) {
      if (pendingBytes + newline - start > maxBytes) throw new LineTooLongError(number + 1, maxBytes);
      yield take(chunk.subarray(start, newline));
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) continue;
    pendingBytes += rest.length;
    if (pendingBytes > maxBytes) throw new LineTooLongError(number + 1, maxBytes);
    // A copy: the chunk's memory is not kept alive for a short tail.
    pending.push(Buffer.from(rest));
  }
  if (pendingBytes > 0) yield take(Buffer.alloc(0));
}
