// The gate bites: the real `contract:check` (Redocly, then oasdiff against a released document) run on copies of the
// contract's generated document, each edited the way a change to the contract would change it.
import { describe, expect, it } from 'vitest';
import {
  editedCopy,
  generated,
  releasesHolding,
  removeAnimalResponseField,
  runCheck,
  scratchDir,
} from './gate-test-support.mjs';

const workDir = scratchDir();

/** A releases folder holding the generated document as the one released at 1.1.0. */
const releasesDir = releasesHolding(workDir, '1.1.0', generated);

/** Runs the gate on a copy of the generated document, changed by `edit`, as the contract at `version`. */
const checkCopy = (edit, version = '1.1.0') => runCheck(editedCopy(workDir, edit), releasesDir, version);

const listPets = (document) => document.paths['/pets'].get;
const newPetSchema = (document) =>
  document.paths['/pets'].post.requestBody.content['application/json'].schema;

describe('contract:check', { timeout: 30_000 }, () => {
  it('passes the generated document against itself, with nothing changed for clients', () => {
    const { status, output } = checkCopy(() => {});
    expect(output).toContain('compared with the released 1.1.0');
    expect(output).toContain('no change for clients');
    expect(status).toBe(0);
  });

  it('fails when a response field is removed, and names the field', () => {
    const { status, output } = checkCopy(removeAnimalResponseField('categoryId'));
    expect(output).toContain(
      'removed the required property `categoryId` from the response with the `201` status',
    );
    expect(output).toContain('breaking change(s)');
    expect(status).toBe(1);
  });

  it('fails when an enum value a client may send is removed', () => {
    const { status, output } = checkCopy((document) => {
      const status = listPets(document).parameters.find((parameter) => parameter.name === 'status');
      status.schema.enum = status.schema.enum.filter((value) => value !== 'sold');
    });
    expect(output).toContain('removed the enum value `sold` from the `query` request parameter `status`');
    expect(status).toBe(1);
  });

  it('admits the same removal when the contract moves to a new major version', () => {
    const { status, output } = checkCopy(removeAnimalResponseField('categoryId'), '2.0.0');
    expect(output).toContain('removed the required property `categoryId`');
    expect(output).toContain('Breaking changes admitted: 2.0.0 is a new major version.');
    expect(status).toBe(0);
  });

  it('passes an added optional request field, and says a changeset is due', () => {
    const { status, output } = checkCopy((document) => {
      newPetSchema(document).properties.nickname = { type: 'string', maxLength: 255 };
    });
    expect(output).toContain('added the new optional request property `nickname`');
    expect(output).toContain('add a changeset');
    expect(status).toBe(0);
  });

  it('fails a new required request field', () => {
    const { status, output } = checkCopy((document) => {
      const schema = newPetSchema(document);
      schema.properties.nickname = { type: 'string', maxLength: 255 };
      schema.required = [...schema.required, 'nickname'];
    });
    expect(output).toContain('added the new required request property `nickname`');
    expect(status).toBe(1);
  });

  it('fails the removal of the deprecated getPet, which is served until its Sunset date', () => {
    const { status, output } = checkCopy((document) => {
      delete document.paths['/pets/{petId}'];
    });
    expect(output).toContain('error    GET /pets/{petId}: api path removed with deprecation');
    expect(status).toBe(1);
  });

  it("fails a document Redocly's recommended rules reject", () => {
    const { status, output } = checkCopy((document) => {
      document.paths['/pets/{petId}'].get.operationId = listPets(document).operationId;
    });
    expect(output).toContain('operation-operationId-unique');
    expect(output).toContain('Redocly lint: the document has errors');
    expect(status).toBe(1);
  });

  it('fails a version below the last released one', () => {
    const { status, output } = checkCopy(() => {}, '1.0.9');
    expect(output).toContain("The contract's version, 1.0.9, is below the last released one, 1.1.0.");
    expect(status).toBe(1);
  });
});
