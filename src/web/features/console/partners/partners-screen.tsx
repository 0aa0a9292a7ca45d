import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessStatus, type BusinessView } from '../../../../shared/api/integration-admin.ts';
import { ConsoleRole, hasConsoleRole } from '../../../../shared/staff.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { message } from '../../../lib/notify/index.ts';
import { useBusinesses, useCreateBusiness, useRotateSecret, useUpdateBusiness } from '../api/businesses.ts';
import { useConsoleMe } from '../api/get-console-me.ts';
import { BusinessForm, type BusinessFormOutput } from './business-form.tsx';
import { RotateSecret } from './rotate-secret.tsx';
import { SecretOnce } from './secret-once.tsx';
import { useConsoleTitle } from '../use-console-title.ts';

/** The businesses as a table: the one being edited is marked; Edit opens its settings. */
function BusinessList({ businesses, editing, onEdit }: { businesses: BusinessView[]; editing: string | null; onEdit: (id: string) => void }) {
  const { t } = useTranslation();
  const p = 'partners-console.list';
  if (businesses.length === 0) return <p className="text-sm text-muted">{t(`${p}.empty`)}</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-muted">
          <th className="py-2 text-start font-medium">{t(`${p}.business`)}</th>
          <th className="py-2 text-start font-medium">{t(`${p}.origins`)}</th>
          <th className="py-2 text-start font-medium">{t(`${p}.status`)}</th>
          <th className="py-2" />
        </tr>
      </thead>
      <tbody>
        {businesses.map((b) => (
          <tr key={b.id} className="border-t border-line align-top" data-testid={`business-${b.id}`} aria-current={editing === b.id ? 'true' : undefined}>
            <td className="py-2 pe-3">
              <div className="font-medium">{b.name}</div>
              <div className="font-mono text-xs text-muted">{b.id}</div>
            </td>
            <td className="py-2 pe-3 break-all">{b.allowedOrigins.join(', ')}</td>
            <td className="py-2 pe-3">
              <Badge tone={b.status === BusinessStatus.ACTIVE ? 'success' : 'neutral'}>{t(`partners-console.status.${b.status}`)}</Badge>
            </td>
            <td className="py-2 text-end">
              <Button size="small" variant="default" onClick={() => onEdit(b.id)} aria-label={t(`${p}.editOf`, { name: b.name })}>
                {t(`${p}.edit`)}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Console administration of businesses (partners, decision 021): the list, registration (the API
 * secret shown once), settings and status, secret rotation with an overlap. Administrators only:
 * the server refuses anyone else; the page says so instead of showing empty tables.
 */
export default function PartnersScreen() {
  const { t } = useTranslation();
  const me = useConsoleMe();
  const isAdmin = me.data ? hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) : false;
  // Asked for only once the reviewer is known to be an administrator: no refused call to show.
  const list = useBusinesses(isAdmin);
  const create = useCreateBusiness();
  const update = useUpdateBusiness();
  const rotate = useRotateSecret();
  const [registering, setRegistering] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [shown, setShown] = useState<{ businessId: string; secret: string } | null>(null);
  const p = 'partners-console';

  useConsoleTitle(t(`${p}.title`));

  if (me.data && !isAdmin) {
    return <Alert variant="warn" title={t(`${p}.onlyAdmins`)}>{t(`${p}.onlyAdminsBody`)}</Alert>;
  }

  const submit = async (output: BusinessFormOutput) => {
    if (output.mode === 'create') {
      const result = await create.mutateAsync(output.body);
      setShown({ businessId: result.business.id, secret: result.secret });
      setRegistering(false);
      message({ content: t(`${p}.registered`, { name: result.business.name }), type: 'success' });
    } else if (editing) {
      const result = await update.mutateAsync({ id: editing, body: output.body });
      message({ content: t(`${p}.saved`, { name: result.business.name }), type: 'success' });
    }
  };
  const rotateSecret = async (business: BusinessView, overlapMinutes: number) => {
    const result = await rotate.mutateAsync({ id: business.id, overlapMinutes });
    setShown({ businessId: business.id, secret: result.secret });
  };
  const selected = list.data?.businesses.find((b) => b.id === editing) ?? null;

  return (
    <section aria-labelledby="partners-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="partners-title" className="text-2xl font-semibold">
          {t(`${p}.title`)}
        </h1>
        {registering ? null : (
          <Button
            variant="primary"
            onClick={() => {
              setRegistering(true);
              setEditing(null);
            }}
          >
            {t(`${p}.register`)}
          </Button>
        )}
      </div>
      <p className="text-muted">{t(`${p}.intro`)}</p>
      {shown ? <SecretOnce businessId={shown.businessId} secret={shown.secret} onDone={() => setShown(null)} /> : null}
      {registering ? (
        <Card title={t(`${p}.form.createTitle`)}>
          <BusinessForm business={null} onSubmit={submit} onCancel={() => setRegistering(false)} />
        </Card>
      ) : null}
      <Card title={t(`${p}.list.title`)}>
        {list.isPending ? (
          <LoadingBlock>
            <Skeleton className="h-24 w-full" />
          </LoadingBlock>
        ) : list.isError ? (
          <LoadError title={t(`${p}.list.error`)} error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <BusinessList
            businesses={list.data.businesses}
            editing={editing}
            onEdit={(id) => {
              setEditing(id);
              setRegistering(false);
            }}
          />
        )}
      </Card>
      {selected ? (
        <>
          {/* key: another business's settings start from its own values, not the previous form's. */}
          <Card title={t(`${p}.form.editTitle`, { id: selected.id })} key={`edit-${selected.id}`}>
            <BusinessForm business={selected} onSubmit={submit} onCancel={() => setEditing(null)} />
          </Card>
          <Card title={t(`${p}.rotate.title`)} key={`rotate-${selected.id}`}>
            <RotateSecret business={selected} onRotate={(minutes) => rotateSecret(selected, minutes)} />
          </Card>
        </>
      ) : null}
    </section>
  );
}
