import { HelpLink } from '../../../shared/sites.ts';

/**
 * The account area's own help centre (decision 015): the pages the default help links point to, so
 * a fresh deployment's links answer with real, translated content. A deployment with its own help
 * centre points HELP_*_URL there instead and these pages are simply not linked.
 *
 * `items`: the article is a list (steps in order for a guide); `qa`: questions and answers. The
 * number says how many entries the translation has (help.articles.<slug>.items.1 … n).
 */
export interface HelpArticle {
  slug: string;
  /** Which §2 help link this page answers. */
  link: HelpLink;
  shape: 'steps' | 'list' | 'qa';
  count: number;
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  { slug: 'guide', link: HelpLink.guide, shape: 'steps', count: 7 },
  { slug: 'faq', link: HelpLink.faq, shape: 'qa', count: 7 },
  { slug: 'failure-reasons', link: HelpLink.kycFailureReasons, shape: 'list', count: 7 },
  { slug: 'request-form', link: HelpLink.webForm, shape: 'list', count: 5 },
  { slug: 'identity-transfer', link: HelpLink.identityTransfer, shape: 'list', count: 4 },
];

export function findArticle(slug: string | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.slug === slug);
}

/** 1 … n, the entry numbers of an article. */
export const entries = (article: HelpArticle): string[] => Array.from({ length: article.count }, (_, i) => String(i + 1));
