import { KycLevel } from '../../../shared/kyc.ts';
import { Guide } from './components/guide.tsx';

/** §2 step2: the user guide of level 2 (proof of address). */
export default function Step2Screen() {
  return <Guide level={KycLevel.LEVEL_2} />;
}
