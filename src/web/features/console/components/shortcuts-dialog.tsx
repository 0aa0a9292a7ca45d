import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SHORTCUTS, useNextCaseSetting } from '../shortcuts.ts';

/**
 * The `?` overlay (decision 051): every shortcut with what it does, and the setting that opens the
 * next case of the same view after a decision. An accessible dialog (focus trapped, Esc closes,
 * focus returns to where it was).
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [nextCase, setNextCase] = useNextCaseSetting();
  return (
    <Dialog open={open} onClose={onClose} title={t('console.shortcuts.title')} description={t('console.shortcuts.description')}>
      <dl className="m-0 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm" data-testid="shortcut-list">
        {SHORTCUTS.map(({ key, action }) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-block min-w-7 rounded border border-line-strong bg-surface px-2 py-0.5 text-center font-mono text-sm">{key}</kbd>
            </dt>
            <dd className="m-0">{t(`console.shortcuts.${action}`)}</dd>
          </div>
        ))}
      </dl>
      <Checkbox className="mt-5" label={t('console.shortcuts.nextCase')} description={t('console.shortcuts.nextCaseHint')} checked={nextCase} onChange={(e) => setNextCase(e.target.checked)} />
    </Dialog>
  );
}
