import { describe, expect, it } from 'vitest';
import { applyEdits, editedBuild, REMOVALS } from './measurement-copies.js';

describe('measurement copies', () => {
  it('makes each edit where its text stands, once', () => {
    const edited = applyEdits('app.js', 'a(); b(); c();', [
      { file: 'app.js', from: 'b(); ', to: '' },
      { file: 'app.js', from: 'c()', to: 'd()' },
    ]);
    expect(edited).toBe('a(); d();');
  });

  it('refuses an edit whose text is missing or stands twice: the build has changed', () => {
    expect(() => applyEdits('app.js', 'a();', [{ file: 'app.js', from: 'b();', to: '' }])).toThrow(
      /app\.js no longer holds exactly one "b\(\);"/,
    );
    expect(() => applyEdits('app.js', 'b(); b();', [{ file: 'app.js', from: 'b();', to: '' }])).toThrow(
      /update REMOVALS/,
    );
  });

  it.each(REMOVALS.map((removal) => [removal.name, removal] as const))(
    'takes %s out of the current build, changing every file it names',
    (_name, removal) => {
      const files = editedBuild(removal);
      expect([...files.keys()].sort()).toStrictEqual(
        [...new Set(removal.edits.map((edit) => edit.file))].sort(),
      );
      for (const edit of removal.edits) {
        const text = files.get(edit.file) ?? '';
        if (edit.to.includes(edit.from)) expect(text).toContain(edit.to);
        else expect(text).not.toContain(edit.from);
      }
    },
  );
});
