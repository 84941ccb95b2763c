import {percent, type SourceSummaryRow} from './sourceSummary.ts'

/** Where the filtered leads came from, per first source: how many, past new, won, and the won rate. */
export function SourceSummary({rows}: {rows: SourceSummaryRow[]}) {
  if (rows.length === 0) return null
  return (
    <section className="source-summary" aria-labelledby="source-summary-heading">
      <h2 id="source-summary-heading">Where these leads came from (first touch)</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Leads</th>
            <th scope="col" title="Past new: contacted, won or lost">
              Contacted
            </th>
            <th scope="col">Won</th>
            <th scope="col">Won rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.source}>
              <th scope="row">{row.source}</th>
              <td>{row.leads}</td>
              <td>{row.contacted}</td>
              <td>{row.won}</td>
              <td>{percent(row.wonRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
