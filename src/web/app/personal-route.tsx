import { lazy, Suspense } from 'react';
import PersonalScreen from '../features/kyc/personal-screen.tsx';

// The account extras (decision 025) are their own chunk, loaded after the overview's first paint
// starts: the first page keeps its budget (decision 002) and a member with nothing to see pays little.
const OverviewExtras = lazy(() => import('../features/extras/overview-extras.tsx'));

/** §2 personal: the KYC overview with the account extras' notices and pop-ups in it. */
export default function PersonalRoute() {
  return (
    <PersonalScreen
      extras={
        <Suspense fallback={null}>
          <OverviewExtras />
        </Suspense>
      }
    />
  );
}
