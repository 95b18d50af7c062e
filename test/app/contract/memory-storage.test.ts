import { describeStorageContracts } from './storage-contracts';
import { openMemoryStore } from '../../support/stores';

describeStorageContracts('Memory', openMemoryStore);
