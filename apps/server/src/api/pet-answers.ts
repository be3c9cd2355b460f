import { performance } from 'node:perf_hooks';
import { type ListPetsQuery, nextPageLink } from '@animal-store/contract';
import type { PetRepository } from '../store/pet-repository.js';
import type { SettledIds } from '../store/settled-ids.js';
import { type Answer, answerOf, KeptAnswers } from './kept-answers.js';
import { encodeCursor } from './pagination.js';

/**
 * The catalogue's answers as bytes, those that never change kept in memory (decision 076). No operation changes
 * or deletes an animal: an animal's answer never changes, nor does a full page once no create can still add an
 * animal inside it (`settledIds`). The last page is read every time, so a create shows in the next read at once.
 */
export class PetAnswers {
  private readonly kept: KeptAnswers;

  constructor(
    private readonly pets: PetRepository,
    private readonly settledIds: SettledIds,
    private readonly petsUrl: string,
    budgetBytes: number,
  ) {
    this.kept = new KeptAnswers(budgetBytes);
  }

  async page(query: Omit<ListPetsQuery, 'cursor'> & { cursor?: string }, afterId: number): Promise<Answer> {
    const key = `${query.status ?? ''} ${query.limit} ${afterId}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const sentAt = performance.now();
    const page = await this.pets.list({ limit: query.limit, status: query.status, afterId });
    const last = page.pets.at(-1);
    if (last) this.settledIds.observe(last.id, performance.now());
    if (!(page.hasMore && last)) return answerOf(page.pets);
    const answer = answerOf(page.pets, nextPageLink(this.petsUrl, query, encodeCursor(last.id)));
    if (this.settledIds.settledBy(last.id, sentAt)) this.kept.keep(key, answer);
    return answer;
  }

  /** Undefined when no animal has the id: a 404 is not kept, as the animal may be created yet. */
  async pet(id: number): Promise<Answer | undefined> {
    const key = String(id);
    const kept = this.kept.get(key);
    if (kept) return kept;
    const pet = await this.pets.findById(id);
    if (!pet) return undefined;
    this.settledIds.observe(pet.id, performance.now());
    const answer = answerOf(pet);
    this.kept.keep(key, answer);
    return answer;
  }

  /** A created animal's id was drawn before its answer arrived. */
  created(id: number): void {
    this.settledIds.observe(id, performance.now());
  }
}
