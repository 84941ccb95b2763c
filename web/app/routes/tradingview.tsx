import type {Route} from './+types/tradingview'
import {IndicatorCard, indicatorDialogId} from '../components/IndicatorCard.tsx'
import {IndicatorModal} from '../components/IndicatorModal.tsx'
import {PageIntro} from '../components/PageIntro.tsx'
import {contentFor, loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {firstPosterImage, posterImage} from '../content/posterImage.server.ts'
import {INDICATORS_QUERY} from '@quantedge/content-access/queries'
import {useSiteSettings} from '../root.tsx'

export async function loader({context}: Route.LoaderArgs) {
  const [page, indicators] = await Promise.all([
    loadSitePage(context, 'tradingview'),
    contentFor(context).fetch(INDICATORS_QUERY),
  ])
  return {
    page,
    indicators,
    posters: await Promise.all(
      indicators.map((indicator, index) =>
        index === 0
          ? firstPosterImage(indicator.video)
          : posterImage(indicator.video, {first: false}),
      ),
    ),
  }
}

export const meta: Route.MetaFunction = seoMeta

export default function TradingView({loaderData}: Route.ComponentProps) {
  const {page, indicators, posters} = loaderData
  const settings = useSiteSettings()
  const buyLabel = page.actionLabel ?? 'Buy Now'

  return (
    <div className="page">
      <PageIntro title={page.title} intro={page.intro} />
      <ul className="card-grid card-grid-3 indicator-grid">
        {indicators.map((indicator, index) => (
          <IndicatorCard
            key={indicator._id}
            indicator={indicator}
            poster={posters[index] ?? null}
            eager={index === 0}
            buyLabel={buyLabel}
            headingLevel="h2"
          />
        ))}
      </ul>
      {indicators.map((indicator, index) => (
        <IndicatorModal
          key={indicator._id}
          id={indicatorDialogId(indicator)}
          indicator={indicator}
          poster={(posters[index]?.later ?? posters[index])?.src ?? null}
          buyLabel={buyLabel}
          hint={page.actionHint ?? 'Send us a direct message and mention “{name}”.'}
          directMessageUrl={settings.directMessageUrl}
        />
      ))}
    </div>
  )
}
