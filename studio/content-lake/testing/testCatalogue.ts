// What the release tests change: two indicators and a plan, published, as a Diwali offer would.
import type {SanityClient} from '@sanity/client'

export const publishCatalogue = (client: SanityClient) =>
  client
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500})
    .create({_id: 'strangle', _type: 'indicator', name: 'Strangle', price: 500})
    .create({_id: 'pro', _type: 'plan', name: 'Pro', price: 2000})
    .commit()
