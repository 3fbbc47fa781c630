import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { capLine, createLogger, describeError, MAX_LOG_LINE_BYTES } from './logger';

/** A pg DatabaseError as the driver builds it from a server message. */
function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { severity: 'ERROR', ...fields });
}

describe('describeError', () => {
  it('gives a failed query its code and statement, never its parameters or the detail', () => {
    const cause = databaseError('duplicate key value violates unique constraint "products_pkey"', {
      code: '23505',
      constraint: 'products_pkey',
      detail: 'Key (name)=(Secret Lamp Deluxe) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into products (name) values ($1)',
      ['Secret Lamp Deluxe'],
      cause,
    );
    const described = describeError(error);
    expect(described).toMatchObject({
      kind: 'database',
      code: '23505',
      constraint: 'products_pkey',
      query: 'insert into products (name) values ($1)',
    });
    expect(JSON.stringify(described)).not.toContain('Secret Lamp');
  });

  it('leaves out the message of a data exception, which quotes the value', () => {
    const error = databaseError('invalid input syntax for type integer: "Secret Lamp"', { code: '22P02' });
    expect(JSON.stringify(describeError(error))).not.toContain('Secret Lamp');
    expect(describeError(error)).toMatchObject({ kind: 'database', code: '22P02' });
  });

  it('cuts a long message', () => {
    const described = describeError(new Error('x'.repeat(10_000)));
    expect(String(described.message).length).toBeLessThan(400);
  });
});

describe('the logger', () => {
  it('caps every line, keeping it valid JSON', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
    log.info({ blob: 'y'.repeat(50_000) }, 'big');
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES + 200);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'log line cut to size', level: 30 });
  });

  it('keeps short lines as they are', () => {
    const line = '{"level":30,"msg":"hello"}\n';
    expect(capLine(line)).toBe(line);
  });

  it('logs an error through the safe description, at the configured level', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } });
    log.info('hidden');
    log.error({ err: new DrizzleQueryError('select $1', ['Secret Lamp'], new Error('boom')) }, 'failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('Secret Lamp');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'failed', err: { query: 'select $1' } });
  });
});
