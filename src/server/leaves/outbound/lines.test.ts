import { describe, expect, it } from 'vitest';
import { LineTooLongError, linesOf } from './lines';

async function* chunked(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function all(chunks: AsyncIterable<Buffer>, max = 100) {
  const lines: string[] = [];
  for await (const line of linesOf(chunks, max)) lines.push(`${line.number}:${line.text}`);
  return lines;
}

describe('linesOf', () => {
  it('splits lines across chunk boundaries, multi-byte characters included', async () => {
    const euro = Buffer.from('€');
    async function* split(): AsyncGenerator<Buffer> {
      yield Buffer.from('{"a":1}\n{"b":"');
      yield euro.subarray(0, 1);
      yield Buffer.concat([euro.subarray(1), Buffer.from('"}\r\n\nlast')]);
    }
    expect(await all(split())).toEqual(['1:{"a":1}', '2:{"b":"€"}', '3:', '4:last']);
  });

  it('refuses a line longer than the limit, naming it, whether or not its end has come', async () => {
    const long = 'x'.repeat(101);
    const ended = await all(chunked('ok\n', `${long}\n`)).catch((error: unknown) => error);
    expect(ended).toBeInstanceOf(LineTooLongError);
    expect(ended).toMatchObject({ lineNumber: 2, maxBytes: 100 });
    const unended = await all(chunked('ok\nok\n', long.slice(0, 60), long.slice(60))).catch((e) => e);
    expect(unended).toMatchObject({ lineNumber: 3, maxBytes: 100 });
    expect(await all(chunked(`${'x'.repeat(100)}\n`))).toHaveLength(1);
  });
});
