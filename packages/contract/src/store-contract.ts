import { initContract } from '@ts-rest/core';
import { apiKeysContract } from './api-keys-contract.js';
import { contract } from './contract.js';

/** Every operation the store serves: the animals (`contract`) and the API keys (`apiKeysContract`). */
export const storeContract = initContract().router({ ...contract, ...apiKeysContract });

export type StoreContract = typeof storeContract;
