import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useParams } from 'wouter';
import { APP_BASE } from '../../../shared/api/paths.ts';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS, USUAL_REVIEW_HOURS } from '../../../shared/review-time.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { entries, findArticle, HELP_ARTICLES, type HelpArticle } from './articles.ts';

/** Numbers the articles quote; the same constants the flows and the server use. */
const VALUES = { hours: USUAL_REVIEW_HOURS, months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS };

const backLink = 'text-sm font-medium text-primary-ink underline underline-offset-2';

/**
 * The help centre at /user/accounts/help/ (no sign-in needed: the links open in a new tab, also for
 * someone who was signed out): the index and one page per article.
 */
export default function HelpScreen() {
  return (
    <Switch>
      <Route path="/">
        <HelpIndex />
      </Route>
      <Route path="/:slug">
        <ArticlePage />
      </Route>
    </Switch>
  );
}

function HelpIndex() {
  const { t } = useTranslation();
  useDocumentTitle(t('help.title'));
  return (
    <section aria-labelledby="help-title" className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <a href={`${APP_BASE}/auth/personal`} className={`${backLink} self-start`}>
          {t('help.backToAccount')}
        </a>
        <h1 id="help-title" className="text-2xl font-semibold">
          {t('help.title')}
        </h1>
        <p className="text-muted">{t('help.intro')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {HELP_ARTICLES.map((a) => (
          <li key={a.slug} className="rounded-lg border border-line p-4">
            <Link href={`/${a.slug}`} className="font-medium text-primary-ink underline underline-offset-2">
              {t(`help.articles.${a.slug}.title`)}
            </Link>
            <p className="mt-1 text-sm text-muted">{t(`help.articles.${a.slug}.summary`, VALUES)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticlePage() {
  const { t } = useTranslation();
  const { slug } = useParams<{ slug: string }>();
  const article = findArticle(slug);
  useDocumentTitle(article ? t(`help.articles.${article.slug}.title`) : t('help.notFound'), t('help.title'));
  return (
    <article aria-labelledby="article-title" className="flex max-w-3xl flex-col gap-6">
      <Link href="/" className={`${backLink} self-start`}>
        {t('help.allArticles')}
      </Link>
      {article ? (
        <ArticleBody article={article} />
      ) : (
        <h1 id="article-title" className="text-2xl font-semibold">
          {t('help.notFound')}
        </h1>
      )}
    </article>
  );
}

function ArticleBody({ article }: { article: HelpArticle }) {
  const { t } = useTranslation();
  const k = `help.articles.${article.slug}`;
  const List = article.shape === 'steps' ? 'ol' : 'ul';
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 id="article-title" className="text-2xl font-semibold">
          {t(`${k}.title`)}
        </h1>
        <p className="text-muted">{t(`${k}.summary`, VALUES)}</p>
      </div>
      {article.shape === 'qa' ? (
        <dl className="flex flex-col gap-4">
          {entries(article).map((n) => (
            <div key={n}>
              <dt className="font-semibold">{t(`${k}.qa.${n}.q`)}</dt>
              <dd className="m-0 mt-1">{t(`${k}.qa.${n}.a`, VALUES)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <List className={`${article.shape === 'steps' ? 'list-decimal' : 'list-disc'} flex flex-col gap-2 ps-5`}>
          {entries(article).map((n) => (
            <li key={n}>{t(`${k}.items.${n}`, VALUES)}</li>
          ))}
        </List>
      )}
    </>
  );
}
