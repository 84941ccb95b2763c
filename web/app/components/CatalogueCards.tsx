import {clean} from '../content/clean.ts'

type Item = {_id: string; name: string; description: string}

/** Cards for the Python modules and Tradetron services; each action opens a social page in a new tab. */
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
        <li key={item._id} className="card">
          <h2 className="card-title">{item.name}</h2>
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
      ))}
    </ul>
  )
}
