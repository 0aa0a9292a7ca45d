import { KycLevel } from '../../../shared/kyc.ts';
import { Guide } from './components/guide.tsx';

/** §2 step1: the user guide of level 1 (identity). */
export default function Step1Screen() {
  return <Guide level={KycLevel.LEVEL_1} />;
}
