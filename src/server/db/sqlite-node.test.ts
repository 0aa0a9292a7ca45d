import { describe, expect, it } from 'vitest';
import { openNodeSqlite } from './sqlite-node.ts';

describe('node:sqlite adapter statement cache', () => {
  it('prepares a SQL text once and reuses it with new parameters', () => {
    const db = openNodeSqlite(':memory:');
    try {
      db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)').run([]);
      const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
      expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
      insert.run(['a']);
      db.prepare('INSERT INTO t (name) VALUES (?)').run(['b']);
      const select = 'SELECT name FROM t WHERE id = ?';
      expect(db.prepare(select).all([1])).toEqual([{ name: 'a' }]);
      // The same statement, reset and bound again: no row of the previous call leaks in.
      expect(db.prepare(select).all([2])).toEqual([{ name: 'b' }]);
      expect(db.prepare('SELECT count(*) AS n FROM t').all([])).toEqual([{ n: 2 }]);
      expect(db.prepare(select).reader).toBe(true);
      expect(insert.reader).toBe(false);
    } finally {
      db.close();
    }
  });

  it('keeps at most the configured number of statements, dropping the least recently used', () => {
    const db = openNodeSqlite(':memory:', { statementCacheSize: 2 });
    try {
      const one = db.prepare('SELECT 1');
      const two = db.prepare('SELECT 2');
      expect(db.prepare('SELECT 1')).toBe(one); // now most recent: SELECT 2 goes first
      db.prepare('SELECT 3');
      expect(db.prepare('SELECT 1')).toBe(one);
      expect(db.prepare('SELECT 2')).not.toBe(two);
      expect(db.prepare('SELECT 2').all([])).toEqual([{ 2: 2 }]);
    } finally {
      db.close();
    }
  });
  it('its change mark moves with a statement that may write (run, or all with RETURNING), never with a SELECT', () => {
    const db = openNodeSqlite(':memory:');
    try {
      db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)').run([]);
      const start = db.changeMark();
      db.prepare('SELECT name FROM t').all([]);
      expect(db.changeMark()).toBe(start);
      db.prepare('INSERT INTO t (name) VALUES (?)').run(['a']);
      const afterRun = db.changeMark();
      expect(afterRun).not.toBe(start);
      expect(db.prepare('INSERT INTO t (name) VALUES (?) RETURNING id').all(['b'])).toEqual([{ id: 2 }]);
      expect(db.changeMark()).not.toBe(afterRun);
    } finally {
      db.close();
    }
  });
});
