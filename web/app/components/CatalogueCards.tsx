import {clean} from '../content/clean.ts'

type Item = {_id: string; name: string; description: string}

/** A Python module's or a Tradetron service's card; its action opens a social page in a new tab. */
export function CatalogueCard({
  item,
  actionLabel,
  actionUrl,
  headingLevel: Heading,
}: {
  item: Item
  actionLabel: string
  actionUrl: string
  /** h2 directly below the page's h1, h3 below a section's heading. */
  headingLevel: 'h2' | 'h3'
}) {
  return (
    <li className="card">
      <Heading className="card-title">{item.name}</Heading>
      <p>{item.description}</p>
      <a
        className="button button-secondary"
        href={clean(actionUrl)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {actionLabel}
        <span className="visually-hidden"> {item.name} (opens in a new tab)</span>
      </a>
    </li>
  )
}

/** Cards for the Python modules and Tradetron services, directly below the page's heading. */
export function CatalogueCards({
  items,
  actionLabel,
  actionUrl,
}: {
  items: Item[]
  actionLabel: string
  actionUrl: string
}) {
  return (
    <ul className="card-grid card-grid-3">
      {items.map((item) => (
        <CatalogueCard
          key={item._id}
          item={item}
          actionLabel={actionLabel}
          actionUrl={actionUrl}
          headingLevel="h2"
        />
      ))}
    </ul>
  )
}
