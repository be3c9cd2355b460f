/**
 * The scripts whose text needs a zero-width joiner or non-joiner, by their ECMAScript script names. UAX #31 (§2.3)
 * allows the joiners after a virama and inside cursive joining; an ECMAScript pattern can name neither a combining
 * class nor a joining type, so the rule names the scripts that have them instead. Only scripts of Unicode 15.1 or
 * earlier: an engine that does not know a script's name cannot compile the pattern (validators on older engines).
 *
 * Every script with a virama (Canonical_Combining_Class 9 in UnicodeData.txt): a joiner after one of its marks picks
 * a conjunct's form ("क्\u200Dष", "ශ්\u200Dරී").
 */
export const VIRAMA_SCRIPTS = [
  ...['Deva', 'Beng', 'Guru', 'Gujr', 'Orya', 'Taml', 'Telu', 'Knda', 'Mlym', 'Sinh', 'Thai', 'Laoo', 'Tibt'],
  ...['Mymr', 'Khmr', 'Tglg', 'Hano', 'Bali', 'Sund', 'Batk', 'Java', 'Lana', 'Rjng', 'Saur', 'Mtei', 'Sylo'],
  ...['Tfng', 'Khar', 'Brah', 'Kthi', 'Cakm', 'Shrd', 'Khoj', 'Sind', 'Gran', 'Newa', 'Tirh', 'Sidd', 'Modi'],
  ...['Takr', 'Ahom', 'Dogr', 'Diak', 'Nand', 'Zanb', 'Soyo', 'Bhks', 'Gonm', 'Gong', 'Kawi'],
];

/**
 * Every script with cursive joining (Joining_Type D, L or R in ArabicShaping.txt): a non-joiner between two of its
 * letters keeps them apart, as Persian writes "می\u200Cخواهم", and a joiner keeps a letter's joined form.
 */
export const CURSIVE_SCRIPTS = [
  ...['Arab', 'Syrc', 'Nkoo', 'Mand', 'Mong', 'Phag', 'Mani', 'Phlp', 'Rohg', 'Sogd', 'Chrs', 'Ougr', 'Adlm'],
];
