import { describe, expect, it } from 'vitest';
import {
  applyCustomFieldAccess,
  customFieldMessages,
  customFieldsForSaving,
  customFieldsFromJson,
  defaultTerminalName,
  firstCustomFieldMessage,
} from './terminal-configuration';

describe('defaultTerminalName', () => {
  it('names a new terminal after the local day as MM-dd-yyyy', () => {
    expect(defaultTerminalName(new Date(2026, 0, 5, 23, 59))).toBe('New Terminal 01-05-2026');
    expect(defaultTerminalName(new Date(2026, 10, 25))).toBe('New Terminal 11-25-2026');
  });
});

describe('customFieldMessages', () => {
  it('refuses a blank name', () => {
    expect(customFieldMessages([{ name: '  ', type: 'text' }])).toEqual(['Field name cannot be blank']);
  });

  it('refuses the second of two equal names', () => {
    expect(
      customFieldMessages([
        { name: 'Clinic', type: 'text' },
        { name: 'Clinic ', type: 'date' },
      ]),
    ).toEqual([null, 'Duplicate field name found: Clinic']);
  });

  it('needs a value on checkbox, radio and dropdown fields but not on text and date', () => {
    expect(
      customFieldMessages([
        { name: 'A', type: 'dropdown', values: [] },
        { name: 'B', type: 'radio' },
        { name: 'C', type: 'checkbox', values: ['yes'] },
        { name: 'D', type: 'date' },
        { name: 'E', type: 'text' },
      ]),
    ).toEqual([
      'Field "A" of type "dropdown" must have at least one value',
      'Field "B" of type "radio" must have at least one value',
      null,
      null,
      null,
    ]);
  });

  it('refuses empty and duplicate values', () => {
    expect(firstCustomFieldMessage([{ name: 'Room', type: 'dropdown', values: ['1', ' '] }])).toBe(
      'Invalid value in field "Room". Values cannot be empty.',
    );
    expect(firstCustomFieldMessage([{ name: 'Room', type: 'radio', values: ['1', '2', '1'] }])).toBe(
      'Duplicate value "1" found in field "Room"',
    );
    expect(firstCustomFieldMessage([{ name: 'Room', type: 'radio', values: ['1', '2'] }])).toBeNull();
  });
});

describe('customFieldsForSaving', () => {
  it('sends every field with required false and drops values of text and date fields', () => {
    expect(
      customFieldsForSaving([
        { name: ' Room ', type: 'dropdown', values: ['1'], required: true, requireForGuest: true },
        { name: 'Note', type: 'text', values: ['left over'] },
      ]),
    ).toEqual([
      { name: 'Room', type: 'dropdown', values: ['1'], required: false, requireForGuest: true },
      { name: 'Note', type: 'text', values: [], required: false, requireForGuest: false },
    ]);
  });
});

describe('customFieldsFromJson', () => {
  it('loads a pasted array and ignores anything else', () => {
    expect(customFieldsFromJson('[{"name":"Room","type":"radio","values":["1"]}]')).toEqual([
      { name: 'Room', type: 'radio', values: ['1'] },
    ]);
    expect(customFieldsFromJson('{"name":"Room","type":"text"}')).toBeNull();
    expect(customFieldsFromJson('not json')).toBeNull();
    expect(customFieldsFromJson('[{"name":"Room","type":"colour"}]')).toBeNull();
  });
});

describe('applyCustomFieldAccess', () => {
  const fields = [
    { name: 'Room', type: 'text' as const, required: false },
    { name: 'Doctor', type: 'text' as const, required: false },
    { name: 'Notes', type: 'text' as const, required: false },
  ];

  it('keeps the fields as configured when the role says nothing about this terminal', () => {
    expect(applyCustomFieldAccess(fields, undefined)).toEqual(fields);
  });

  it('requires, shows or hides each field as the role says', () => {
    expect(applyCustomFieldAccess(fields, { Room: 'require', Doctor: 'show' })).toEqual([
      { name: 'Room', type: 'text', required: true },
      { name: 'Doctor', type: 'text', required: false },
    ]);
  });
});
