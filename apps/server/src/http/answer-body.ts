/**
 * A JSON body already in bytes. The tuning (tuning/answer-bytes-sent.ts) sends the bytes as they are; without it
 * Express's `res.json` serialises the body through `toJSON`, to the same bytes.
 */
export class AnswerBody {
  constructor(readonly bytes: Buffer) {}

  toJSON(): unknown {
    return JSON.parse(this.bytes.toString());
  }
}
