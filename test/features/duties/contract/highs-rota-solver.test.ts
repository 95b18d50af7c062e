import { HighsRotaSolver } from '../../../../adapters/highs/highs-rota-solver';
import { describeRotaSolverContract } from './rota-solver.contract';

describeRotaSolverContract('HiGHS', () => new HighsRotaSolver());
