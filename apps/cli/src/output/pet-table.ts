import type { Pet } from '@animal-store/contract';
import { type Column, formatTable } from '@animal-store/contract';

const COLUMNS: Column<Pet>[] = [
  { title: 'ID', cell: (pet) => String(pet.id), alignRight: true },
  { title: 'NAME', cell: (pet) => pet.name },
  { title: 'CATEGORY', cell: (pet) => String(pet.categoryId), alignRight: true },
  { title: 'STATUS', cell: (pet) => pet.status ?? '-' },
];

export const formatPetTable = (pets: readonly Pet[]): string => formatTable(COLUMNS, pets);
