import type { NewPet } from '@animal-store/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddPetForm } from './add-pet-form';
import { petServerErrors } from './pet-form-values';

function renderForm(props: Partial<Parameters<typeof AddPetForm>[0]> = {}) {
  const onSubmit = vi.fn<(pet: NewPet) => Promise<boolean>>(async () => true);
  render(
    <AddPetForm onSubmit={onSubmit} pending={false} serverErrors={undefined} onEdit={() => {}} {...props} />,
  );
  return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('AddPetForm', () => {
  it('shows the contract rules with their messages on each field and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add animal' }));

    expect(errorOf('Name')).toBe('must not be empty or blank');
    expect(errorOf('Category ID')).toBe('must be filled in');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Status').getAttribute('aria-invalid')).toBe('false');
    expect(field('Name')).toBe(document.activeElement);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['0', 'must be a positive whole number'],
    ['1.5', 'must be a whole number'],
    ['seven', 'must be a whole number'],
    ['9007199254740992', 'must be at most 9007199254740991'],
  ])('rejects the category ID %j with "%s"', async (categoryId, message) => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Name'), 'Rex');
    await user.type(field('Category ID'), categoryId);
    await user.click(screen.getByRole('button', { name: 'Add animal' }));

    expect(errorOf('Category ID')).toBe(message);
    expect(errorOf('Name')).toBeUndefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a blank name and clears the message once the name is edited', async () => {
    const { user } = renderForm();
    await user.type(field('Name'), '   ');
    await user.type(field('Category ID'), '3');
    await user.click(screen.getByRole('button', { name: 'Add animal' }));
    expect(errorOf('Name')).toBe('must not be empty or blank');

    await user.type(field('Name'), 'Rex');
    expect(errorOf('Name')).toBeUndefined();
  });

  it('sends a valid animal as the contract types it, then empties the form', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Name'), 'Ünïcødé 🐕');
    await user.type(field('Category ID'), ' 42 ');
    await user.selectOptions(field('Status'), 'sold');
    await user.click(screen.getByRole('button', { name: 'Add animal' }));

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Ünïcødé 🐕', categoryId: 42, status: 'sold' });
    expect(field('Name')).toHaveProperty('value', '');
    expect(field('Category ID')).toHaveProperty('value', '');
    expect(field('Status')).toHaveProperty('value', '');
  });

  it('leaves the status out when it is not set', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Name'), 'Tom');
    await user.type(field('Category ID'), '2{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Tom', categoryId: 2 });
  });

  it('sends once however often it is submitted while the store has not answered', async () => {
    let answer: (added: boolean) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { user } = renderForm({ onSubmit });
    await user.type(field('Name'), 'Rex');
    await user.type(field('Category ID'), '1');
    await user.dblClick(screen.getByRole('button', { name: 'Add animal' }));
    await user.type(field('Category ID'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    answer(false);
    await user.click(screen.getByRole('button', { name: 'Add animal' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('marks the button while the store is adding the animal', () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Adding…' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('checks the category as it is typed, before anything is sent', async () => {
    const { user } = renderForm();
    await user.type(field('Category ID'), 'abc');
    expect(errorOf('Category ID')).toBe('must be a whole number');
    await user.clear(field('Category ID'));
    expect(errorOf('Category ID')).toBeUndefined();
    await user.type(field('Category ID'), '0');
    expect(errorOf('Category ID')).toBe('must be a positive whole number');
    await user.type(field('Category ID'), '7');
    expect(errorOf('Category ID')).toBeUndefined();
  });

  it("shows the store's 400 on the field it names", () => {
    renderForm({
      serverErrors: petServerErrors({
        kind: 'refused',
        body: {
          code: 'validation_failed',
          message: "body field 'name': must not contain control characters or unpaired surrogates",
          status: 400,
        },
      }),
    });
    expect(errorOf('Name')).toBe('must not contain control characters or unpaired surrogates');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to try again, with what was typed, when the store could not be reached', async () => {
    const onSubmit = vi.fn(async () => false);
    const { user } = renderForm({ onSubmit, serverErrors: petServerErrors({ kind: 'unreachable' }) });
    await user.type(field('Name'), 'Rex');
    await user.type(field('Category ID'), '1');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Rex', categoryId: 1 });
    expect(field('Name')).toHaveProperty('value', 'Rex');
  });
});
