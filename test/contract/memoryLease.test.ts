// The lease contract in one process.
import { memoryLeases } from '../../src/adapters/memory/memoryLease';
import { leaseContract } from './lease.contract';

leaseContract('in-process', (ttlMs) => memoryLeases({ ttlMs }));
