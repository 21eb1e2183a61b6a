import { describe, expect, it } from 'vitest';
import { firstKeyword, isBlankSql, numberPlaceholders, refusedStatement } from './sql-text.ts';

describe('numberPlaceholders', () => {
  it('numbers ? placeholders in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toBe(
      'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)',
    );
  });

  it('leaves ? inside literals, quoted identifiers and comments', () => {
    const cases: [string, string][] = [
      ["SELECT 'what?' , ?", "SELECT 'what?' , $1"],
      ["SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"],
      ["SELECT E'a\\' ?', ?", "SELECT E'a\\' ?', $1"],
      ['SELECT "odd?col" FROM t WHERE x = ?', 'SELECT "odd?col" FROM t WHERE x = $1'],
      ['SELECT ? -- really?\n, ?', 'SELECT $1 -- really?\n, $2'],
      ['SELECT /* a /* nested? */ still? */ ?', 'SELECT /* a /* nested? */ still? */ $1'],
      ['SELECT $$ body ? $$, $tag$ x ? $tag$, ?', 'SELECT $$ body ? $$, $tag$ x ? $tag$, $1'],
    ];
    for (const [input, output] of cases) expect(numberPlaceholders(input)).toBe(output);
  });

  it('passes $n placeholders through', () => {
    expect(numberPlaceholders('SELECT $1, $2')).toBe('SELECT $1, $2');
  });

  it('survives unterminated literals and comments', () => {
    expect(numberPlaceholders("SELECT 'open ?")).toBe("SELECT 'open ?");
    expect(numberPlaceholders('SELECT /* open ?')).toBe('SELECT /* open ?');
  });
});

describe('refusedStatement', () => {
  it('names transaction and session control however it is written', () => {
    const cases: [string, string][] = [
      ['commit', 'COMMIT'],
      ['  ROLLBACK TO s', 'ROLLBACK'],
      ['/* c */ -- d\n begin', 'BEGIN'],
      ['START TRANSACTION READ WRITE', 'START'],
      ['SET TRANSACTION READ WRITE', 'SET'],
      ['end', 'END'],
      ['release s', 'RELEASE'],
      ["PREPARE TRANSACTION 'x'", 'PREPARE'],
    ];
    for (const [sql, keyword] of cases) {
      expect(refusedStatement(sql, 'postgres'), sql).toBe(keyword);
      expect(refusedStatement(sql, 'sqlite'), sql).toBe(keyword);
    }
  });

  it('lets ordinary statements through', () => {
    for (const sql of [
      'SELECT 1',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'INSERT INTO t VALUES (1)',
      "UPDATE t SET note = 'commit'",
      'PRAGMA table_info(users)',
    ]) {
      expect(refusedStatement(sql, 'sqlite'), sql).toBeUndefined();
    }
  });

  it('refuses SQLite PRAGMA assignments, which would change the shared connection', () => {
    expect(refusedStatement('PRAGMA foreign_keys = OFF', 'sqlite')).toBe('PRAGMA');
  });

  it('reads comments the way each database does', () => {
    // PostgreSQL nests block comments; SQLite ends the comment at the first */.
    expect(firstKeyword('/* a /* b */ COMMIT */ SELECT 1', 'postgres')).toBe('SELECT');
    expect(firstKeyword('/* a /* b */ COMMIT */ SELECT 1', 'sqlite')).toBe('COMMIT');
  });
});

describe('isBlankSql', () => {
  it('is true only for whitespace and comments', () => {
    expect(isBlankSql('  -- x\n /* y */ ', 'sqlite')).toBe(true);
    expect(isBlankSql('(SELECT 1)', 'postgres')).toBe(false);
  });
});
